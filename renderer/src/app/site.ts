/**
 * What every visitor may read of the site's settings, from the public REST index: its zone
 * (where the calendar places events) and its language (what the console speaks to a browser
 * in neither of its languages, before anyone signs in).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';

export const SITE_KEY = ['site'] as const;

interface SiteWire {
  timezone_string: string;
  language?: string;
}

export function useSite() {
  return useQuery({
    queryKey: SITE_KEY,
    queryFn: () => api<SiteWire>('/api/?_fields=timezone_string,language'),
    staleTime: 60_000,
  });
}
