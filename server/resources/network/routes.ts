/** Admin namespace: where the server can be reached, for the console's LAN sharing panel. */
import { z } from 'zod';
import { isAdministrator } from '../../../shared/roles.js';
import type { NetworkWire } from '../../../shared/schemas/wire/admin.js';
import { endpoint, type RouteDef } from '../../http/route.js';

export const networkRoutes: RouteDef[] = [
  {
    path: '/network',
    endpoints: [
      endpoint({
        methods: ['GET'],
        summary: 'The addresses the server answers on, and the console URL for each.',
        args: z.object({}),
        permission: (ctx) => isAdministrator(ctx.actor),
        handler: (_params, ctx) => {
          const status = ctx.services.network.status(ctx.services.settings.get().lan_sharing);
          const host = (address: string) => (address.includes(':') ? `[${address}]` : address);
          return {
            body: {
              ...status,
              console_urls: status.lan_addresses.map(
                (a) => `http://${host(a)}:${status.port}/console/`,
              ),
            } satisfies NetworkWire,
          };
        },
      }),
    ],
  },
];
