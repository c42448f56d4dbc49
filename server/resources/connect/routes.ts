/**
 * Admin namespace: what the signed-in user's other devices need to connect (the console's
 * "Connect a device" and "Subscribe" screens): the addresses they can reach and the paths of
 * the CalDAV server and of the Apple configuration profile.
 */
import { z } from 'zod';
import type { ConnectInfoWire } from '../../../shared/schemas/wire/connect.js';
import { connectInfo } from '../../../shared/schemas/wire/connect.js';
import type { RequestContext } from '../../http/context.js';
import { endpoint, type RouteDef } from '../../http/route.js';
import { CALDAV_PATH } from '../../lan-announce.js';
import { reachableOrigins } from './reach.js';

export const PROFILE_PATH = '/connect/almanac.mobileconfig';

/** The origins other devices can reach now. */
export function reachOf(ctx: Pick<RequestContext, 'services'>) {
  const { network, settings } = ctx.services;
  const current = settings.get();
  return { ...reachableOrigins(network.status(current.lan_sharing), current.public_url), current };
}

export const connectRoutes: RouteDef[] = [
  {
    path: '/connect',
    endpoints: [
      endpoint({
        methods: ['GET'],
        summary:
          'Where the signed-in user’s other devices reach this server: LAN addresses while sharing is on, the public URL, the CalDAV path.',
        args: z.object({}),
        permission: (ctx) => ctx.actor !== null,
        responses: { 200: { description: 'Connection details.', schema: connectInfo } },
        handler: async (_params, ctx) => {
          const reach = reachOf(ctx);
          const status = ctx.services.network.status(reach.current.lan_sharing);
          return {
            body: {
              login: (await ctx.services.users.get(ctx.actor!.id)).login,
              lan_sharing: reach.current.lan_sharing,
              fixed_by_config: status.fixed_by_config,
              origins: reach.origins,
              internet: reach.internet,
              caldav_path: CALDAV_PATH,
              profile_path: PROFILE_PATH,
            } satisfies ConnectInfoWire,
          };
        },
      }),
    ],
  },
];
