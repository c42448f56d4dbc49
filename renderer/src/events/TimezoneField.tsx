import { useMemo, type ReactNode } from 'react';
import { useSiteZone } from '../calendar/displayZone';
import { InputField } from '../ui/InputField';
import { t } from '../i18n';

function zones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return (
    intl.supportedValuesOf?.('timeZone') ?? [
      'UTC',
      'Europe/London',
      'Europe/Paris',
      'America/New_York',
    ]
  );
}

interface Props {
  value: string;
  error?: string | undefined;
  onChange(value: string): void;
  /** What the field means where it is used; by default, an event's zone. */
  hint?: ReactNode;
}

/** An event saved with no zone is given the site's zone of that moment, and keeps it. */
function EventZoneHint() {
  const site = useSiteZone();
  return <>{t('editor.timezoneHint', { zone: site ?? '…' })}</>;
}

/** A time zone picker: type to filter the IANA zones, or give an offset such as UTC+2. */
export function TimezoneField({ value, error, onChange, hint }: Props) {
  const list = useMemo(zones, []);
  return (
    <div className="field">
      <InputField
        label={t('editor.timezone')}
        list="almanac-timezones"
        placeholder={t('editor.timezonePlaceholder')}
        autoComplete="off"
        hint={hint ?? <EventZoneHint />}
        error={error}
        value={value}
        onChange={onChange}
      />
      <datalist id="almanac-timezones">
        {list.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </div>
  );
}
