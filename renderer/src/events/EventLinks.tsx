import { useAll } from '../api/hooks';
import { decodeEntities, nameOf } from '../api/resources';
import type { EventForm } from './formTypes';
import { InlineLinkedPost } from './InlineLinkedPost';
import { InlineTerm } from './InlineTerm';
import { LinkPicker } from './LinkPicker';
import { t } from '../i18n';

const termOptions = (terms: Array<{ id: number; name: string }> | undefined) =>
  (terms ?? []).map((t) => ({ id: t.id, label: decodeEntities(t.name) }));

const TERM_PICKERS = [
  {
    kind: 'categories',
    label: 'editor.categories',
    placeholder: 'editor.categoryPlaceholder',
    add: 'editor.newCategory',
  },
  {
    kind: 'tags',
    label: 'editor.tags',
    placeholder: 'editor.tagPlaceholder',
    add: 'editor.newTag',
  },
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
      <h2>{t('editor.links')}</h2>
      <div className="form-grid">
        <LinkPicker
          label={t('editor.venue')}
          single
          placeholder={t('editor.venuePlaceholder')}
          options={(venues.data ?? []).map((v) => ({
            id: v.id,
            label: nameOf('venues', v),
            detail: v.city || undefined,
          }))}
          value={values.venue === null ? [] : [values.venue]}
          error={errors.venue}
          onChange={(ids) => set('venue', ids[0] ?? null)}
          newLabel={t('editor.newVenue')}
          create={(done) => <InlineLinkedPost kind="venues" done={done} />}
        />
        <LinkPicker
          label={t('editor.organizers')}
          placeholder={t('editor.organizerPlaceholder')}
          options={(organizers.data ?? []).map((o) => ({
            id: o.id,
            label: nameOf('organizers', o),
          }))}
          value={values.organizer}
          error={errors.organizer}
          onChange={(v) => set('organizer', v)}
          newLabel={t('editor.newOrganizer')}
          create={(done) => <InlineLinkedPost kind="organizers" done={done} />}
        />
        {TERM_PICKERS.map(({ kind, label, placeholder, add }) => (
          <LinkPicker
            key={kind}
            label={t(label)}
            placeholder={t(placeholder)}
            options={termOptions(kind === 'tags' ? tags.data : categories.data)}
            value={values[kind]}
            error={errors[kind]}
            onChange={(v) => set(kind, v)}
            newLabel={t(add)}
            create={(done) => <InlineTerm kind={kind} done={done} />}
          />
        ))}
      </div>
    </div>
  );
}
