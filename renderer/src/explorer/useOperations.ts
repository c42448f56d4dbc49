import { useQuery } from '@tanstack/react-query';
import { ADMIN_NS, api, EVENTS_NS } from '../api/client';
import {
  fromIndex,
  fromOpenApi,
  type NamespaceIndex,
  type OpenApiDoc,
  type Operation,
} from './operations';

/** Events API operations from its OpenAPI document (or its index), plus the admin namespace's. */
export function useOperations() {
  return useQuery({
    queryKey: ['explorer', 'operations'],
    staleTime: 5 * 60_000,
    queryFn: async (): Promise<{ operations: Operation[]; source: string }> => {
      let events: Operation[];
      let source = 'OpenAPI document';
      try {
        const doc = await api<OpenApiDoc>(`${EVENTS_NS}/doc`);
        if (!doc?.paths) throw new Error('not an OpenAPI document');
        events = fromOpenApi(doc, EVENTS_NS, 'Calendar API');
      } catch {
        source = 'namespace index';
        events = fromIndex(await api<NamespaceIndex>(EVENTS_NS), '/api', 'Calendar API');
      }
      let adminOps: Operation[] = [];
      try {
        adminOps = fromIndex(await api<NamespaceIndex>(ADMIN_NS), '/api', 'Admin API');
      } catch {
        // Non-administrators may not see the admin index; the calendar API is enough then.
      }
      return { operations: [...events, ...adminOps], source };
    },
  });
}
