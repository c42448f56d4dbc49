import { useQuery } from '@tanstack/react-query';
import { ADMIN_NS, api, EVENTS_NS } from '../api/client';
import {
  fromIndex,
  fromOpenApi,
  type NamespaceIndex,
  type OpenApiDoc,
  type Operation,
} from './operations';
import { consoleLanguage, t } from '../i18n';

/** Events API operations from its OpenAPI document (or its index), plus the admin namespace's. */
export function useOperations() {
  return useQuery({
    // The groups' names are in the console's language.
    queryKey: ['explorer', 'operations', consoleLanguage()],
    staleTime: 5 * 60_000,
    queryFn: async (): Promise<{ operations: Operation[]; source: 'openapi' | 'index' }> => {
      let events: Operation[];
      let source: 'openapi' | 'index' = 'openapi';
      try {
        const doc = await api<OpenApiDoc>(`${EVENTS_NS}/doc`);
        if (!doc?.paths) throw new Error('not an OpenAPI document');
        events = fromOpenApi(doc, EVENTS_NS, t('explorer.groups.calendar'));
      } catch {
        source = 'index';
        events = fromIndex(
          await api<NamespaceIndex>(EVENTS_NS),
          '/api',
          t('explorer.groups.calendar'),
        );
      }
      let adminOps: Operation[] = [];
      try {
        adminOps = fromIndex(
          await api<NamespaceIndex>(ADMIN_NS),
          '/api',
          t('explorer.groups.admin'),
        );
      } catch {
        // Non-administrators may not see the admin index; the calendar API is enough then.
      }
      return { operations: [...events, ...adminOps], source };
    },
  });
}
