/**
 * Where other devices reach this server (GET /calendar/admin/v1/connect), for the Connect and
 * Subscribe screens: never a loopback address. While no address is reachable (LAN sharing off)
 * it is read again every few seconds, so turning sharing on shows the addresses by themselves.
 */
import { useQuery } from '@tanstack/react-query';
import { admin, api } from '../api/client';
import type { ConnectInfoWire } from '../../../shared/schemas/wire';

export const REACH_KEY = ['connect'] as const;

export function useReach() {
  return useQuery({
    queryKey: REACH_KEY,
    queryFn: ({ signal }) => api<ConnectInfoWire>(admin('connect'), { signal }),
    refetchInterval: (query) => (query.state.data?.origins.length ? false : 5_000),
  });
}

/** The parts of an origin a setup screen asks for (`192.168.1.20:7420`, port 7420). */
export function originParts(origin: string) {
  const url = new URL(origin);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return { host: url.host, port, https: url.protocol === 'https:' };
}
