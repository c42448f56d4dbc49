import { useMemo } from 'react';
import { categoryCreateSchema, tagCreateSchema } from '../../../shared/schemas/term';
import { useAll } from '../api/hooks';
import type { TermWire } from '../../../shared/schemas/wire';
import type { FieldSpec } from '../ui/FormFields';
import type { Values } from '../ui/form';
import { ResourceEditor, type EditorConfig } from '../ui/ResourceEditor';

const BASE_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'slug', label: 'Slug', hint: 'Made from the name when left empty.' },
  { name: 'description', label: 'Description', type: 'textarea' },
];

// Terms reject "" for optional fields (docs/contract/compat-notes.md §7.5): empty fields are not sent.
const compact = (values: Values) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));

function termValues(t: TermWire): Values {
  return {
    name: t.name,
    slug: t.slug,
    description: t.description ?? '',
    ...('parent' in t ? { parent: String(t.parent) } : {}),
  };
}

export default function TermEditor({ kind, id }: { kind: 'categories' | 'tags'; id: string }) {
  const categories = useAll('categories', { hide_empty: false });
  const config = useMemo<EditorConfig<'categories' | 'tags'>>(() => {
    const parentField: FieldSpec = {
      name: 'parent',
      label: 'Parent category',
      type: 'select',
      options: [
        ['0', 'None'],
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
          ? { name: '', slug: '', description: '', parent: '0' }
          : { name: '', slug: '', description: '' },
      toValues: termValues,
      posts: false,
      prepare: compact,
    };
  }, [kind, id, categories.data]);
  return <ResourceEditor key={kind} id={id} config={config} />;
}
