import { FormImageField } from '../ui/ImageField';
import { ResourceEditor, withoutPreview, type EditorConfig } from '../ui/ResourceEditor';
import { Switch } from '../ui/Switch';
import { t } from '../i18n';
import { EMPTY_VENUE, VENUE_FIELDS, venueSchema, venueValues } from './venueForm';

const config: EditorConfig<'venues'> = {
  kind: 'venues',
  fields: VENUE_FIELDS,
  createSchema: venueSchema,
  empty: EMPTY_VENUE,
  toValues: venueValues,
  posts: true,
  prepare: withoutPreview,
  extras: (values, set, errors) => (
    <>
      <div className="field field--wide checks">
        <Switch
          label={t('editor.showMap')}
          checked={values.show_map === true}
          onChange={(v) => set('show_map', v)}
        />
        <Switch
          label={t('editor.showMapLink')}
          checked={values.show_map_link === true}
          onChange={(v) => set('show_map_link', v)}
        />
      </div>
      <FormImageField values={values} set={set} error={errors.image} />
    </>
  ),
};

export default function VenueEditor({ id }: { id: string }) {
  return <ResourceEditor id={id} config={config} />;
}
