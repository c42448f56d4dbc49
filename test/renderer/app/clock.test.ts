/** The console's clock: administration stamps in the site's zone, named, in the console's locale. */
import { afterEach, describe, expect, it } from 'vitest';
import { Settings } from 'luxon';
import { stampText, usesTwelveHours } from '../../../renderer/src/app/clock';

describe('the console’s clock', () => {
  const before = Settings.defaultLocale;
  afterEach(() => {
    Settings.defaultLocale = before;
  });

  it('says a server stamp in the site’s zone and names the zone', () => {
    Settings.defaultLocale = 'en-GB';
    expect(stampText('2026-11-27 07:07:00', 'Europe/Paris', false)).toBe(
      'Fri 27 Nov 2026, 08:07 Europe/Paris',
    );
    Settings.defaultLocale = 'en-US';
    expect(stampText('2026-11-27 07:07:00', undefined, true)).toBe('Fri 27 Nov 2026, 7:07 AM UTC');
  });

  it('never uses AM/PM in French', () => {
    Settings.defaultLocale = 'fr-FR';
    expect(usesTwelveHours('fr-FR')).toBe(false);
    expect(usesTwelveHours('fr-CA')).toBe(false);
    expect(usesTwelveHours('en-US')).toBe(true);
    expect(stampText('2026-11-27 17:07:00', 'Europe/Paris', false)).toBe(
      'ven. 27 nov. 2026, 18:07 Europe/Paris',
    );
  });
});
