/** Which zone the calendar shows times in: the site's (default) or this device's. */
import type { ZoneChoice } from './displayZone';

interface Props {
  choice: ZoneChoice;
  site: string | undefined;
  device: string;
  onChange(choice: ZoneChoice): void;
}

export function ZoneSwitch({ choice, site, device, onChange }: Props) {
  const options: Array<[ZoneChoice, string]> = [
    ['site', `Site’s zone (${site ?? '…'})`],
    ['device', `My device’s zone (${device})`],
  ];
  return (
    <fieldset className="calendar-zone">
      <legend>Show times in</legend>
      {options.map(([value, text]) => (
        <label key={value} className="calendar-zone__option">
          <input
            type="radio"
            name="calendar-zone"
            value={value}
            checked={choice === value}
            onChange={() => onChange(value)}
          />
          {text}
        </label>
      ))}
    </fieldset>
  );
}
