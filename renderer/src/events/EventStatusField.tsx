/**
 * Whether the event takes place: as planned, canceled or postponed, with a reason
 * (docs/api/events.md, Event status). Separate from publishing and from the trash: a canceled
 * event stays on calendars with its mark.
 */
import { useId } from 'react';
import { EVENT_STATUSES, MAX_STATUS_REASON } from '../../../shared/schemas/event-status';
import { useT } from '../i18n';
import { Field } from '../ui/Field';
import type { EventForm } from './formTypes';

export function EventStatusField({ form }: { form: EventForm }) {
  const t = useT();
  const id = useId();
  const { values, set, errors } = form;
  return (
    <div className="card">
      <fieldset className="event-status-field">
        <legend>
          <h2>{t('eventStatus.legend')}</h2>
        </legend>
        <div className="event-status-field__choices">
          {EVENT_STATUSES.map((status) => (
            <label key={status} className="check">
              <input
                type="radio"
                name={`${id}-event-status`}
                value={status}
                checked={values.event_status === status}
                onChange={() => {
                  set('event_status', status);
                  if (status === 'scheduled') set('event_status_reason', '');
                }}
              />
              {t(`eventStatus.${status}`)}
            </label>
          ))}
        </div>
        {values.event_status !== 'scheduled' && (
          <Field label={t('eventStatus.reason')} error={errors.event_status_reason}>
            <input
              name="event_status_reason"
              value={values.event_status_reason}
              maxLength={MAX_STATUS_REASON}
              placeholder={t('eventStatus.reasonPlaceholder')}
              onChange={(e) => set('event_status_reason', e.target.value)}
            />
          </Field>
        )}
        <p className="field__hint">{t('eventStatus.hint')}</p>
      </fieldset>
    </div>
  );
}
