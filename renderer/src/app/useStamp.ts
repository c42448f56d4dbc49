/** Administration stamps (backups, trash, passwords, users) in the site's zone, named. */
import { useCallback } from 'react';
import { useSiteZone } from '../calendar/displayZone';
import { stampText } from './clock';

export function useStamp(): (utc: string) => string {
  const zone = useSiteZone() ?? 'UTC';
  return useCallback((utc: string) => stampText(utc, zone), [zone]);
}
