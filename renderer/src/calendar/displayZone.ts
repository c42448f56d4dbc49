/**
 * The zone the calendar places events in: the site's (from the public REST index, so every
 * role can read it) or the device's, as chosen on this device and remembered in localStorage.
 */
import { useCallback, useState } from 'react';
import { normalizeZone } from '../../../shared/time';
import { SITE_KEY, useSite } from '../app/site';

export type ZoneChoice = 'site' | 'device';

const KEY = 'almanac.calendar.zone';

export const deviceZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function storedChoice(): ZoneChoice {
  try {
    return localStorage.getItem(KEY) === 'device' ? 'device' : 'site';
  } catch {
    return 'site';
  }
}

export const SITE_ZONE_KEY = SITE_KEY;

export function useSiteZone(): string | undefined {
  const zone = useSite().data?.timezone_string;
  return zone === undefined ? undefined : (normalizeZone(zone) ?? 'UTC');
}

export function useDisplayZone() {
  const [choice, setChoice] = useState<ZoneChoice>(storedChoice);
  const site = useSiteZone();
  const choose = useCallback((next: ZoneChoice) => {
    setChoice(next);
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // Private windows may refuse storage: the choice then lasts for this visit only.
    }
  }, []);
  const device = deviceZone();
  // Until the site's zone is known the device's stands in, so the calendar never waits on it.
  const zone = choice === 'device' ? device : (site ?? device);
  return { choice, choose, zone, site, device };
}
