import { useAll } from '../api/hooks';
import { decodeEntities, nameOf } from '../api/resources';
import type { EventForm } from './formTypes';
import { InlineLinkedPost } from './InlineLinkedPost';
import { InlineTerm } from './InlineTerm';
import { LinkPicker } from './LinkPicker';

const termOptions = (terms: Array<{ id: number; name: string }> | undefined) =>
  (terms ?? []).map((t) => ({ id: t.id, label: decodeEntities(t.name) }));

const TERM_PICKERS = [
  { kind: 'categories', label: 'Categories', noun: 'category' },
  { kind: 'tags', label: 'Tags', noun: 'tag' },
] as const;

/** Venue, organizers, categories and tags, each creatable from here. */
export function EventLinks({ form }: { form: EventForm }) {
  const { values, set, errors } = form;
  const venues = useAll('venues');
  const organizers = useAll('organizers');
  const categories = useAll('categories', { hide_empty: false });
  const tags = useAll('tags', { hide_empty: false });
  return (
    <div className="card">
      <h2>Where, who and what</h2>
      <div className="form-grid">
        <LinkPicker
          label="Venue"
          single
          placeholder="Type to find a venue…"
          options={(venues.data ?? []).map((v) => ({
            id: v.id,
            label: nameOf('venues', v),
            detail: v.city || undefined,
          }))}
          value={values.venue === null ? [] : [values.venue]}
          error={errors.venue}
          onChange={(ids) => set('venue', ids[0] ?? null)}
          noun="venue"
          create={(done) => <InlineLinkedPost kind="venues" done={done} />}
        />
        <LinkPicker
          label="Organizers"
          placeholder="Type to add an organizer…"
          options={(organizers.data ?? []).map((o) => ({
            id: o.id,
            label: nameOf('organizers', o),
          }))}
          value={values.organizer}
          error={errors.organizer}
          onChange={(v) => set('organizer', v)}
          noun="organizer"
          create={(done) => <InlineLinkedPost kind="organizers" done={done} />}
        />
        {TERM_PICKERS.map(({ kind, label, noun }) => (
          <LinkPicker
            key={kind}
            label={label}
            placeholder={`Type to add a ${noun}…`}
            options={termOptions(kind === 'tags' ? tags.data : categories.data)}
            value={values[kind]}
            error={errors[kind]}
            onChange={(v) => set(kind, v)}
            noun={noun}
            create={(done) => <InlineTerm kind={kind} done={done} />}
          />
        ))}
      </div>
    </div>
  );
}
