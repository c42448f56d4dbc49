import { useAll } from '../api/hooks';
import { decodeEntities, nameOf } from '../api/resources';
import { Field } from '../ui/Field';
import { StatusOptions } from '../ui/StatusBadge';
import { consoleLocale, t } from '../i18n';

export interface Filters {
  search: string;
  categories: string;
  tags: string;
  venue: string;
  organizer: string;
  status: string;
}

export const NO_FILTERS: Filters = {
  search: '',
  categories: '',
  tags: '',
  venue: '',
  organizer: '',
  status: '',
};

interface Props {
  value: Filters;
  onChange(value: Filters): void;
}

interface ChoiceProps {
  label: string;
  value: string;
  onChange(e: { target: { value: string } }): void;
  /** `[id, name]` of each item to narrow to. */
  children: Array<[number, string]>;
}

/** One "All, or this one" select, its items in alphabetical order. */
function Choice({ label, value, onChange, children }: ChoiceProps) {
  const collator = new Intl.Collator(consoleLocale(), { sensitivity: 'base', numeric: true });
  const sorted = [...children].sort(([, a], [, b]) => collator.compare(a, b));
  return (
    <Field label={label}>
      <select value={value} onChange={onChange}>
        <option value="">{t('common.all')}</option>
        {sorted.map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Narrow the calendar by text, category, tag, venue, organizer and status. */
export function CalendarFilters({ value, onChange }: Props) {
  const categories = useAll('categories', { hide_empty: false });
  const tags = useAll('tags', { hide_empty: false });
  const venues = useAll('venues');
  const organizers = useAll('organizers');
  const set = (key: keyof Filters) => (e: { target: { value: string } }) =>
    onChange({ ...value, [key]: e.target.value });
  const active = Object.values(value).some((v) => v !== '');
  return (
    <div className="toolbar calendar-filters" role="search" aria-label={t('filters.label')}>
      <Field label={t('filters.search')}>
        <input
          type="search"
          value={value.search}
          onChange={set('search')}
          placeholder={t('filters.searchPlaceholder')}
        />
      </Field>
      <Choice label={t('filters.category')} value={value.categories} onChange={set('categories')}>
        {(categories.data ?? []).map((c): [number, string] => [c.id, decodeEntities(c.name)])}
      </Choice>
      <Choice label={t('filters.tag')} value={value.tags} onChange={set('tags')}>
        {(tags.data ?? []).map((t): [number, string] => [t.id, decodeEntities(t.name)])}
      </Choice>
      <Choice label={t('filters.venue')} value={value.venue} onChange={set('venue')}>
        {(venues.data ?? []).map((v): [number, string] => [v.id, nameOf('venues', v)])}
      </Choice>
      <Choice label={t('filters.organizer')} value={value.organizer} onChange={set('organizer')}>
        {(organizers.data ?? []).map((o): [number, string] => [o.id, nameOf('organizers', o)])}
      </Choice>
      <Field label={t('filters.status')}>
        <select value={value.status} onChange={set('status')}>
          <option value="">{t('filters.allButTrash')}</option>
          <StatusOptions statuses={['publish', 'draft', 'pending', 'private', 'future']} />
        </select>
      </Field>
      {active && (
        <button
          type="button"
          className="link-button calendar-filters__clear"
          onClick={() => onChange(NO_FILTERS)}
        >
          {t('filters.clear')}
        </button>
      )}
    </div>
  );
}
