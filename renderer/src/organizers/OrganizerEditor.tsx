import { FormImageField } from '../ui/ImageField';
import { ResourceEditor, withoutPreview, type EditorConfig } from '../ui/ResourceEditor';
import {
  EMPTY_ORGANIZER,
  ORGANIZER_FIELDS,
  organizerSchema,
  organizerValues,
} from './organizerForm';

const config: EditorConfig<'organizers'> = {
  kind: 'organizers',
  fields: ORGANIZER_FIELDS,
  createSchema: organizerSchema,
  empty: EMPTY_ORGANIZER,
  toValues: organizerValues,
  posts: true,
  prepare: withoutPreview,
  extras: (values, set, errors) => (
    <FormImageField values={values} set={set} error={errors.image} />
  ),
};

export default function OrganizerEditor({ id }: { id: string }) {
  return <ResourceEditor id={id} config={config} />;
}
