/**
 * The event editor's "Repeat" card: presets, a custom rule (interval, days, end), and the rule
 * in words from the shared summary, so what the console shows is what the API will do.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Info } from 'luxon';
import { WEEKDAYS, type Frequency, type Weekday } from '../../../shared/recurrence/lines';
import { parseRecurrence, RecurrenceError } from '../../../shared/recurrence/lines';
import { summarize } from '../../../shared/recurrence/summary';
import { consoleLanguage } from '../app/language';
import { fromInput } from './dates';
import type { EventForm } from './formTypes';
import {
  customOf,
  customRule,
  defaultCustom,
  fitsCustom,
  linesWith,
  PRESETS,
  presetOf,
  presetRule,
  type CustomRule,
  type Preset,
} from './repeat';
import { t } from '../i18n';

const UNITS: Record<Frequency, 'day' | 'week' | 'month' | 'year'> = {
  DAILY: 'day',
  WEEKLY: 'week',
  MONTHLY: 'month',
  YEARLY: 'year',
};

/** Monday-first names in the console's language: Info counts Monday as the first day. */
const dayNames = (style: 'long' | 'short') => Info.weekdays(style, { locale: consoleLanguage() });

/** The rule in words, or why the lines cannot be read. */
function describe(lines: string[], start: string, zone: string | undefined): string {
  try {
    return summarize(parseRecurrence(lines), { start, zone: zone || 'UTC' }, consoleLanguage());
  } catch (error) {
    if (error instanceof RecurrenceError) return `Recurrence ${error.message}`;
    throw error;
  }
}

interface Props {
  form: EventForm;
  /**
   * For an occurrence of a saved series: the start the rule gave it (`original_start_date`).
   * Presets and the summary read the rule from there, and moving this one occurrence does not
   * change the rule (the API moves BYDAY along itself when following or all events move).
   */
  anchor?: string | null;
}

export function RepeatField({ form, anchor }: Props) {
  const { values, set, errors } = form;
  const lines = values.recurrence;
  const start = anchor ?? fromInput(values.start, values.all_day);
  const [custom, setCustom] = useState<CustomRule | null>(() =>
    presetOf(lines, start) === 'custom' ? customOf(lines, start) : null,
  );
  const id = useId();

  // A saved custom rule arrives after the first render (the event loads): open its editor.
  useEffect(() => {
    if (!form.dirty) setCustom(presetOf(lines, start) === 'custom' ? customOf(lines, start) : null);
  }, [lines, form.dirty]);

  // "Weekly on Tuesday" and "monthly on the 3rd Tuesday" follow the start to its new day.
  const previousStart = useRef(start);
  useEffect(() => {
    const before = previousStart.current;
    previousStart.current = start;
    if (before === start || !form.dirty || anchor) return;
    const shown = custom ? 'custom' : presetOf(lines, before);
    const next =
      shown === 'custom' && custom
        ? linesWith(lines, customRule(custom, start))
        : linesWith(lines, presetRule(shown, start));
    if (shown !== 'none' && JSON.stringify(next) !== JSON.stringify(lines)) set('recurrence', next);
  }, [start]);

  const choose = (preset: Preset) => {
    if (preset === 'custom') {
      const opened = lines.length > 0 ? customOf(lines, start) : defaultCustom(start);
      setCustom(opened);
      if (lines.length === 0) set('recurrence', linesWith(lines, customRule(opened, start)));
      return;
    }
    setCustom(null);
    set('recurrence', linesWith(lines, presetRule(preset, start)));
  };
  const edit = (patch: Partial<CustomRule>) => {
    const next = { ...custom!, ...patch };
    setCustom(next);
    set('recurrence', linesWith(lines, customRule(next, start)));
  };

  const preset = custom ? 'custom' : presetOf(lines, start);
  const summary = describe(lines, start, values.timezone);
  const label = (p: Preset) => {
    if (p === 'none') return t('repeat.none');
    if (p === 'custom') return t('repeat.custom');
    return describe(linesWith([], presetRule(p, start)), start, values.timezone);
  };
  const keptElsewhere = preset === 'custom' && custom && !fitsCustom(lines, start);

  return (
    <div className="card repeat" role="group" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('repeat.title')}</h2>
      <div className="field">
        <label htmlFor={`${id}-preset`}>{t('repeat.repeats')}</label>
        <select
          id={`${id}-preset`}
          name="repeat"
          value={preset}
          onChange={(e) => choose(e.target.value as Preset)}
          aria-invalid={errors.recurrence ? true : undefined}
          aria-describedby={`${id}-summary${errors.recurrence ? ` ${id}-error` : ''}`}
        >
          {[...PRESETS, 'custom' as const].map((p) => (
            <option key={p} value={p}>
              {label(p)}
            </option>
          ))}
        </select>
      </div>
      {custom && (
        <CustomEditor id={id} custom={custom} start={start} onChange={edit}>
          {keptElsewhere && <p className="field__hint">{t('repeat.keptElsewhere')}</p>}
        </CustomEditor>
      )}
      {lines.length > 0 && (
        <p className="repeat__summary" id={`${id}-summary`} aria-live="polite">
          <span aria-hidden="true">↻ </span>
          <span>{summary}</span>
        </p>
      )}
      {errors.recurrence && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {errors.recurrence}
        </p>
      )}
    </div>
  );
}

interface EditorProps {
  id: string;
  custom: CustomRule;
  start: string;
  onChange(patch: Partial<CustomRule>): void;
  children?: ReactNode;
}

function CustomEditor({ id, custom, start, onChange, children }: EditorProps) {
  const long = dayNames('long');
  const short = dayNames('short');
  const toggle = (weekday: Weekday, on: boolean) =>
    onChange({
      days: on ? [...custom.days, weekday] : custom.days.filter((d) => d !== weekday),
    });
  const monthly = (monthlyBy: CustomRule['monthlyBy']) =>
    describe(
      linesWith(
        [],
        customRule({ ...custom, freq: 'MONTHLY', monthlyBy, interval: 1, ends: 'never' }, start),
      ),
      start,
      'UTC',
    );
  return (
    <div className="repeat__custom">
      {children}
      <div className="repeat__row">
        <label htmlFor={`${id}-interval`}>{t('repeat.every')}</label>
        <input
          id={`${id}-interval`}
          name="repeat-interval"
          type="number"
          inputMode="numeric"
          min={1}
          max={1000}
          value={custom.interval > 0 ? custom.interval : ''}
          onChange={(e) => onChange({ interval: Number(e.target.value) || 0 })}
          className="repeat__number"
        />
        <select
          aria-label={t('repeat.unit')}
          name="repeat-freq"
          value={custom.freq}
          onChange={(e) => onChange({ freq: e.target.value as Frequency })}
        >
          {(Object.keys(UNITS) as Frequency[]).map((freq) => (
            <option key={freq} value={freq}>
              {t(`repeat.units.${UNITS[freq]}`, { count: Math.max(1, custom.interval) })}
            </option>
          ))}
        </select>
      </div>
      {custom.freq === 'WEEKLY' && (
        <fieldset className="repeat__days">
          <legend className="fieldset-label">{t('repeat.on')}</legend>
          {WEEKDAYS.map((weekday, i) => (
            <label key={weekday} className="day-toggle">
              <input
                type="checkbox"
                name="repeat-day"
                value={weekday}
                aria-label={long[i]}
                checked={custom.days.includes(weekday)}
                onChange={(e) => toggle(weekday, e.target.checked)}
              />
              <span aria-hidden="true">{short[i]}</span>
            </label>
          ))}
        </fieldset>
      )}
      {custom.freq === 'MONTHLY' && (
        <div className="field">
          <label htmlFor={`${id}-monthly`}>{t('repeat.whichDay')}</label>
          <select
            id={`${id}-monthly`}
            name="repeat-monthly"
            value={custom.monthlyBy}
            onChange={(e) => onChange({ monthlyBy: e.target.value as CustomRule['monthlyBy'] })}
          >
            <option value="day">{monthly('day')}</option>
            <option value="weekday">{monthly('weekday')}</option>
          </select>
        </div>
      )}
      <fieldset className="repeat__ends">
        <legend className="fieldset-label">{t('repeat.ends')}</legend>
        <label className="check">
          <input
            type="radio"
            name={`${id}-ends`}
            checked={custom.ends === 'never'}
            onChange={() => onChange({ ends: 'never' })}
          />
          {t('repeat.never')}
        </label>
        <div className="repeat__row">
          <label className="check">
            <input
              type="radio"
              name={`${id}-ends`}
              checked={custom.ends === 'on'}
              onChange={() => onChange({ ends: 'on' })}
            />
            {t('repeat.onDate')}
          </label>
          <input
            type="date"
            name="repeat-until"
            aria-label={t('repeat.lastDate')}
            value={custom.until}
            min={start.slice(0, 10)}
            onChange={(e) => onChange({ ends: 'on', until: e.target.value })}
          />
        </div>
        <div className="repeat__row">
          <label className="check">
            <input
              type="radio"
              name={`${id}-ends`}
              checked={custom.ends === 'after'}
              onChange={() => onChange({ ends: 'after' })}
            />
            {t('repeat.after')}
          </label>
          <input
            type="number"
            name="repeat-count"
            aria-label={t('repeat.count')}
            inputMode="numeric"
            min={1}
            max={5000}
            value={custom.count > 0 ? custom.count : ''}
            className="repeat__number"
            onChange={(e) => onChange({ ends: 'after', count: Number(e.target.value) || 0 })}
          />
          <span>{t('repeat.occurrences', { count: Math.max(1, custom.count) })}</span>
        </div>
      </fieldset>
    </div>
  );
}
