import { Field } from '../ui/Field';
import { Switch } from '../ui/Switch';
import { fromInput, toInput } from './dates';
import type { EventForm } from './formTypes';
import { TimezoneField } from './TimezoneField';

/** Title, dates, all-day, time zone, description and excerpt. */
export function EventMainFields({ form }: { form: EventForm }) {
  const { values, set, errors } = form;
  const type = values.all_day ? 'date' : 'datetime-local';
  const toggleAllDay = (on: boolean) => {
    // Keep the chosen days when switching between date and date-time inputs.
    set('start', toInput(fromInput(values.start, values.all_day), on));
    set('end', toInput(fromInput(values.end, values.all_day, true), on));
    set('all_day', on);
  };
  return (
    <div className="card">
      <div className="form-grid">
        <Field label="Title *" error={errors.title} wide>
          <input
            name="title"
            value={values.title}
            onChange={(e) => set('title', e.target.value)}
            required
          />
        </Field>
        <Field label="Starts *" error={errors.start}>
          <input
            name="start"
            type={type}
            value={values.start}
            onChange={(e) => set('start', e.target.value)}
            required
          />
        </Field>
        <Field label="Ends *" error={errors.end}>
          <input
            name="end"
            type={type}
            value={values.end}
            onChange={(e) => set('end', e.target.value)}
            required
          />
        </Field>
        <div className="field">
          <span className="fieldset-label">Duration</span>
          <Switch label="All day" checked={values.all_day} onChange={toggleAllDay} />
        </div>
        <TimezoneField
          value={values.timezone}
          error={errors.timezone}
          onChange={(v) => set('timezone', v)}
        />
        <Field
          label="Description"
          error={errors.description}
          wide
          hint="Plain text or simple HTML (bold, links, lists)."
        >
          <textarea
            name="description"
            rows={6}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
          />
        </Field>
        <Field label="Excerpt" error={errors.excerpt} wide>
          <textarea
            name="excerpt"
            rows={2}
            value={values.excerpt}
            onChange={(e) => set('excerpt', e.target.value)}
          />
        </Field>
      </div>
    </div>
  );
}
