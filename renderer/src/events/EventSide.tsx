import { Field } from '../ui/Field';
import { ImageField } from '../ui/ImageField';
import { Switch } from '../ui/Switch';
import { EventAuthorship } from './EventAuthorship';
import type { EventForm } from './formTypes';

const FLAGS = [
  ['featured', 'Featured'],
  ['sticky', 'Sticky in calendar views'],
  ['hide_from_listings', 'Hide from listings'],
  ['show_map', 'Show a map'],
  ['show_map_link', 'Show a map link'],
] as const;

/** Publishing, image, cost, website, slug and display flags. */
export function EventSide({ form }: { form: EventForm; creating: boolean; saving: boolean }) {
  const { values, set, errors } = form;
  return (
    <>
      <div className="card">
        <h2>Publishing</h2>
        <div className="form-grid form-grid--single">
          <Field label="Status" error={errors.status}>
            <select
              name="status"
              value={values.status}
              onChange={(e) => set('status', e.target.value)}
            >
              <option value="publish">Published</option>
              <option value="draft">Draft</option>
              <option value="pending">Pending review</option>
              <option value="private">Private</option>
              <option value="future">Scheduled</option>
            </select>
          </Field>
          <Field label="Cost" error={errors.cost} hint="For example 20, 10–25 or Free.">
            <input name="cost" value={values.cost} onChange={(e) => set('cost', e.target.value)} />
          </Field>
          <Field label="Website" error={errors.website}>
            <input
              name="website"
              type="url"
              value={values.website}
              onChange={(e) => set('website', e.target.value)}
              placeholder="https://…"
            />
          </Field>
          <EventAuthorship form={form} />
          <Field label="Slug" error={errors.slug} hint="The end of the event's page URL.">
            <input name="slug" value={values.slug} onChange={(e) => set('slug', e.target.value)} />
          </Field>
          <div className="field">
            <span className="fieldset-label">Display</span>
            {FLAGS.map(([name, label]) => (
              <Switch
                key={name}
                label={label}
                checked={values[name]}
                onChange={(v) => set(name, v)}
              />
            ))}
          </div>
        </div>
      </div>
      <div className="card">
        <h2>Image</h2>
        <div className="form-grid form-grid--single">
          <ImageField
            value={values.image}
            previewUrl={values.imagePreview}
            error={errors.image}
            onChange={(value, preview) => {
              set('image', value);
              set('imagePreview', preview);
            }}
          />
        </div>
      </div>
    </>
  );
}
