import { useMemo } from 'react';
import { categoryCreateSchema, tagCreateSchema } from '../../../shared/schemas/term';
import { useAll } from '../api/hooks';
import type { TermWire } from '../../../shared/schemas/wire';
import type { FieldSpec } from '../ui/FormFields';
import type { Errors, Values } from '../ui/form';
import { CategoryColorField } from './CategoryColorField';
import { ResourceEditor, type EditorConfig } from '../ui/ResourceEditor';

const BASE_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'fields.name', required: true },
  { name: 'slug', label: 'fields.slug', hint: 'fields.slugHint' },
  { name: 'description', label: 'fields.description', type: 'textarea' },
];

// Terms reject "" for optional fields (docs/contract/compat-notes.md §7.5): empty fields are not
// sent. A category's `color` is the exception: "" is how a colour is removed.
const compact = (values: Values) =>
  Object.fromEntries(Object.entries(values).filter(([k, v]) => v !== '' || k === 'color'));

function termValues(t: TermWire): Values {
  return {
    name: t.name,
    slug: t.slug,
    description: t.description ?? '',
    ...('parent' in t ? { parent: String(t.parent), color: t.color ?? '' } : {}),
  };
}

export default function TermEditor({ kind, id }: { kind: 'categories' | 'tags'; id: string }) {
  const categories = useAll('categories', { hide_empty: false });
  const config = useMemo<EditorConfig<'categories' | 'tags'>>(() => {
    const parentField: FieldSpec = {
      name: 'parent',
      label: 'fields.parent',
      type: 'select',
      options: [
        ['0', 'fields.noParent'],
        ...(categories.data ?? [])
          .filter((c) => String(c.id) !== id)
          .map((c): [string, string] => [String(c.id), c.name]),
      ],
    };
    const schema = kind === 'categories' ? categoryCreateSchema : tagCreateSchema;
    return {
      kind,
      fields: kind === 'categories' ? [...BASE_FIELDS, parentField] : BASE_FIELDS,
      createSchema: schema,
      empty:
        kind === 'categories'
          ? { name: '', slug: '', description: '', parent: '0', color: '' }
          : { name: '', slug: '', description: '' },
      toValues: termValues,
      posts: false,
      prepare: compact,
      ...(kind === 'categories'
        ? {
            extras: (
              values: Values,
              set: (name: string, value: unknown) => void,
              errors: Errors,
            ) => (
              <CategoryColorField
                value={typeof values.color === 'string' ? values.color : ''}
                error={errors.color}
                onChange={(color) => set('color', color)}
              />
            ),
          }
        : {}),
    };
  }, [kind, id, categories.data]);
  return <ResourceEditor key={kind} id={id} config={config} />;
}
