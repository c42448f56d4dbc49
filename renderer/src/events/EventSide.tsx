import type { FieldSpec } from '../ui/FormFields';
import { STATUS_FIELD } from '../ui/statusOptions';
import { ImageField } from '../ui/ImageField';
import { Switch } from '../ui/Switch';
import { EventAuthorship } from './EventAuthorship';
import { EventFields } from './EventFields';
import type { EventForm } from './formTypes';
import { t } from '../i18n';

const PUBLISHING: FieldSpec[] = [
  STATUS_FIELD,
  { name: 'cost', label: 'editor.cost', hint: 'editor.costHint' },
  { name: 'website', label: 'editor.website', type: 'url', placeholder: 'https://…' },
];

const SLUG: FieldSpec[] = [{ name: 'slug', label: 'editor.slug', hint: 'editor.slugHint' }];

const FLAGS = [
  ['featured', 'editor.featured'],
  ['sticky', 'editor.sticky'],
  ['hide_from_listings', 'editor.hideFromListings'],
  ['show_map', 'editor.showMap'],
  ['show_map_link', 'editor.showMapLink'],
] as const;

/** Publishing, image, cost, website, slug and display flags. */
export function EventSide({ form }: { form: EventForm; creating: boolean; saving: boolean }) {
  const { values, set, errors } = form;
  return (
    <>
      <div className="card">
        <h2>{t('editor.publishing')}</h2>
        <div className="form-grid form-grid--single">
          <EventFields form={form} fields={PUBLISHING} />
          <EventAuthorship form={form} />
          <EventFields form={form} fields={SLUG} />
          <div className="field">
            <span className="fieldset-label">{t('editor.display')}</span>
            {FLAGS.map(([name, label]) => (
              <Switch
                key={name}
                label={t(label)}
                checked={values[name]}
                onChange={(v) => set(name, v)}
              />
            ))}
          </div>
        </div>
      </div>
      <div className="card">
        <h2>{t('editor.image')}</h2>
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
