import { useAll } from '../api/hooks';
import { decodeEntities, nameOf } from '../api/resources';
import type { EventForm } from './formTypes';
import { InlineOrganizer } from './InlineOrganizer';
import { InlineTerm } from './InlineTerm';
import { MultiPicker } from './MultiPicker';
import { VenuePicker } from './VenuePicker';

/** Venue, organizers, categories and tags, each creatable from here. */
export function EventLinks({ form }: { form: EventForm }) {
  const { values, set, errors } = form;
  const organizers = useAll('organizers');
  const categories = useAll('categories', { hide_empty: false });
  const tags = useAll('tags', { hide_empty: false });
  return (
    <div className="card">
      <h2>Where, who and what</h2>
      <div className="form-grid">
        <VenuePicker value={values.venue} error={errors.venue} onChange={(v) => set('venue', v)} />
        <MultiPicker
          label="Organizers"
          options={(organizers.data ?? []).map((o) => ({
            id: o.id,
            label: nameOf('organizers', o),
          }))}
          value={values.organizer}
          error={errors.organizer}
          onChange={(v) => set('organizer', v)}
          createLabel="New organizer"
          create={(done) => <InlineOrganizer done={done} />}
        />
        <MultiPicker
          label="Categories"
          options={(categories.data ?? []).map((c) => ({
            id: c.id,
            label: decodeEntities(c.name),
          }))}
          value={values.categories}
          error={errors.categories}
          onChange={(v) => set('categories', v)}
          createLabel="New category"
          create={(done) => <InlineTerm kind="categories" done={done} />}
        />
        <MultiPicker
          label="Tags"
          options={(tags.data ?? []).map((t) => ({ id: t.id, label: decodeEntities(t.name) }))}
          value={values.tags}
          error={errors.tags}
          onChange={(v) => set('tags', v)}
          createLabel="New tag"
          create={(done) => <InlineTerm kind="tags" done={done} />}
        />
      </div>
    </div>
  );
}
