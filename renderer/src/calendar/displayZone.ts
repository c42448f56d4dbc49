/**
 * The zone the calendar places events in: the site's (from the public REST index, so every
 * role can read it) or the device's, as chosen on this device and remembered in localStorage.
 */
import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { normalizeZone } from '../../../shared/time';

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

export const SITE_ZONE_KEY = ['site', 'zone'] as const;

export function useSiteZone(): string | undefined {
  const query = useQuery({
    queryKey: SITE_ZONE_KEY,
    queryFn: () => api<{ timezone_string: string }>('/api/?_fields=timezone_string'),
    staleTime: 60_000,
  });
  const zone = query.data?.timezone_string;
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
