import type { FieldSpec } from '../ui/FormFields';
import { STATUS_FIELD } from '../ui/statusOptions';
import { ImageField } from '../ui/ImageField';
import { Switch } from '../ui/Switch';
import { EventAuthorship } from './EventAuthorship';
import { EventFields } from './EventFields';
import type { EventForm } from './formTypes';

const PUBLISHING: FieldSpec[] = [
  STATUS_FIELD,
  { name: 'cost', label: 'Cost', hint: 'For example 20, 10–25 or Free.' },
  { name: 'website', label: 'Website', type: 'url', placeholder: 'https://…' },
];

const SLUG: FieldSpec[] = [
  { name: 'slug', label: 'Slug', hint: "The end of the event's page URL." },
];

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
          <EventFields form={form} fields={PUBLISHING} />
          <EventAuthorship form={form} />
          <EventFields form={form} fields={SLUG} />
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
