/** What the calendar's marks mean: status styles, then the colour of each coloured category. */
import { decodeEntities } from '../api/resources';
import type { CategoryWire } from '../../../shared/schemas/wire';
import { textOn } from './colors';

const MARKS: Array<[string, string]> = [
  ['legend__mark--publish', 'Published'],
  ['legend__mark--draft', 'Draft or pending review (dashed, italic)'],
  ['legend__mark--featured', '★ Featured'],
  ['legend__mark--series', '↻ Repeating'],
];

export function Legend({ categories }: { categories: readonly CategoryWire[] }) {
  const coloured = categories.filter((c) => c.color);
  return (
    <section className="calendar-legend" aria-label="Legend">
      <h2 className="calendar-legend__title">Legend</h2>
      <ul className="calendar-legend__list">
        {MARKS.map(([mark, text]) => (
          <li key={mark}>
            <span className={`legend__mark ${mark}`} aria-hidden="true" />
            {text}
          </li>
        ))}
        {coloured.map((c) => (
          <li key={c.id}>
            <span
              className="legend__mark legend__mark--category"
              style={{ background: c.color, color: textOn(c.color!) }}
              aria-hidden="true"
            />
            {decodeEntities(c.name)}
          </li>
        ))}
      </ul>
      {coloured.length === 0 && (
        <p className="calendar-legend__hint">
          Events take their first category’s colour; choose colours under Categories.
        </p>
      )}
    </section>
  );
}
