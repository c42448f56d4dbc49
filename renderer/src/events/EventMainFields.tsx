import type { FieldSpec } from '../ui/FormFields';
import { EventFields } from './EventFields';
import { Switch } from '../ui/Switch';
import { endKeepingLength, fromInput, toInput } from './dates';
import type { EventForm } from './formTypes';
import { TimezoneField } from './TimezoneField';
import { t } from '../i18n';

const TEXTS: FieldSpec[] = [
  {
    name: 'description',
    label: 'editor.description',
    type: 'textarea',
    rows: 6,
    hint: 'editor.descriptionHint',
  },
  { name: 'excerpt', label: 'editor.excerpt', type: 'textarea', rows: 2 },
];

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
  // Moving the start moves the end with it: the event keeps its length.
  const timed: EventForm = {
    ...form,
    set: (name, value) => {
      if (name === 'start' && typeof value === 'string') {
        const end = endKeepingLength(values.start, values.end, value, values.all_day);
        if (end !== undefined) form.set('end', end);
      }
      form.set(name, value);
    },
  };
  return (
    <div className="card">
      <div className="form-grid">
        <EventFields
          form={timed}
          fields={[
            { name: 'title', label: 'editor.title', required: true, wide: true },
            { name: 'start', label: 'editor.starts', required: true, type },
            { name: 'end', label: 'editor.ends', required: true, type },
          ]}
        />
        <div className="field">
          <span className="fieldset-label">{t('editor.duration')}</span>
          <Switch label={t('editor.allDay')} checked={values.all_day} onChange={toggleAllDay} />
        </div>
        <TimezoneField
          value={values.timezone}
          error={errors.timezone}
          onChange={(v) => set('timezone', v)}
        />
        <EventFields form={form} fields={TEXTS} />
      </div>
    </div>
  );
}
