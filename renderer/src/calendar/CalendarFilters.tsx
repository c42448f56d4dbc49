import { useAll } from '../api/hooks';
import { decodeEntities, nameOf } from '../api/resources';
import { Field } from '../ui/Field';
import { StatusOptions } from '../ui/StatusBadge';

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
    <div className="toolbar calendar-filters" role="search" aria-label="Filter the calendar">
      <Field label="Search">
        <input
          type="search"
          value={value.search}
          onChange={set('search')}
          placeholder="Title or description"
        />
      </Field>
      <Field label="Category">
        <select value={value.categories} onChange={set('categories')}>
          <option value="">All</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {decodeEntities(c.name)}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Tag">
        <select value={value.tags} onChange={set('tags')}>
          <option value="">All</option>
          {(tags.data ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {decodeEntities(t.name)}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Venue">
        <select value={value.venue} onChange={set('venue')}>
          <option value="">All</option>
          {(venues.data ?? []).map((v) => (
            <option key={v.id} value={v.id}>
              {nameOf('venues', v)}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Organizer">
        <select value={value.organizer} onChange={set('organizer')}>
          <option value="">All</option>
          {(organizers.data ?? []).map((o) => (
            <option key={o.id} value={o.id}>
              {nameOf('organizers', o)}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Status">
        <select value={value.status} onChange={set('status')}>
          <option value="">All but trash</option>
          <StatusOptions statuses={['publish', 'draft', 'pending', 'private', 'future']} />
        </select>
      </Field>
      {active && (
        <button
          type="button"
          className="link-button calendar-filters__clear"
          onClick={() => onChange(NO_FILTERS)}
        >
          Clear filters
        </button>
      )}
    </div>
  );
}
