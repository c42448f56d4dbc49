/**
 * Which zone the calendar shows times in: the site's (default) or this device's. Shown only
 * when the two differ: the same zone twice would be a choice without a difference.
 */
import type { ZoneChoice } from './displayZone';
import { t } from '../i18n';

interface Props {
  choice: ZoneChoice;
  site: string | undefined;
  device: string;
  onChange(choice: ZoneChoice): void;
}

export function ZoneSwitch({ choice, site, device, onChange }: Props) {
  if (site === undefined || site === device) return null;
  const options: Array<[ZoneChoice, string]> = [
    ['site', t('zone.site', { zone: site })],
    ['device', t('zone.device', { zone: device })],
  ];
  return (
    <fieldset className="calendar-zone">
      <legend>{t('zone.legend')}</legend>
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
