/** What the calendar's marks mean: status styles, then the colour of each coloured category. */
import { decodeEntities } from '../api/resources';
import type { CategoryWire } from '../../../shared/schemas/wire';
import { textOn } from './colors';
import { t, type MessageKey } from '../i18n';

const MARKS: Array<[string, MessageKey]> = [
  ['legend__mark--publish', 'legend.publish'],
  ['legend__mark--draft', 'legend.draft'],
  ['legend__mark--featured', 'legend.featured'],
  ['legend__mark--series', 'legend.series'],
];

export function Legend({ categories }: { categories: readonly CategoryWire[] }) {
  const coloured = categories.filter((c) => c.color);
  return (
    <section className="calendar-legend" aria-label={t('legend.label')}>
      <h2 className="calendar-legend__title">{t('legend.label')}</h2>
      <ul className="calendar-legend__list">
        {MARKS.map(([mark, text]) => (
          <li key={mark}>
            <span className={`legend__mark ${mark}`} aria-hidden="true" />
            {t(text)}
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
      {coloured.length === 0 && <p className="calendar-legend__hint">{t('legend.hint')}</p>}
    </section>
  );
}
