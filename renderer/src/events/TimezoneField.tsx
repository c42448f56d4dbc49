import { useMemo } from 'react';
import { Field } from '../ui/Field';

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
}

/** A time zone picker: type to filter the IANA zones, or give an offset such as UTC+2. */
export function TimezoneField({ value, error, onChange }: Props) {
  const list = useMemo(zones, []);
  return (
    <div className="field">
      <Field label="Time zone" error={error} hint="Empty: the site time zone.">
        <input
          list="almanac-timezones"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder="Site time zone"
          autoComplete="off"
        />
      </Field>
      <datalist id="almanac-timezones">
        {list.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </div>
  );
}
