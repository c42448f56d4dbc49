/**
 * Namespace `calendar/sync/v1` (docs/contract/extensions.md E3): the change feed and the live
 * stream.
 */
import {
  syncChangesSchema,
  syncPageSchema,
  syncStreamSchema,
} from '../../../shared/schemas/sync.js';
import type { RequestContext } from '../../http/context.js';
import { anyone, endpoint, type RouteDef } from '../../http/route.js';
import { withNamespace } from '../../http/links.js';

/** The objects keep the links of their own routes (the events namespace, not this one). */
const OBJECTS_NAMESPACE = 'calendar/events/v1';

/** A stream counts against its user, or against its client address when anonymous. */
const streamKey = (ctx: RequestContext) =>
  ctx.actor ? `user:${ctx.actor.id}` : `client:${ctx.client}`;

export const syncRoutes: RouteDef[] = [
  {
    path: '/changes',
    endpoints: [
      endpoint({
        methods: ['GET'],
        summary:
          'What the caller may read, in pages; with a sync token, only what changed since (and what was deleted or can no longer be read).',
        args: syncChangesSchema,
        permission: anyone,
        responses: { 200: { description: 'A page of changes.', schema: syncPageSchema } },
        handler: async (params, ctx) => ({
          body: await ctx.services.sync.changes(
            params,
            ctx.actor,
            withNamespace(ctx.links, OBJECTS_NAMESPACE),
          ),
          headers: { 'Cache-Control': 'private, no-cache' },
        }),
      }),
    ],
  },
  {
    path: '/stream',
    endpoints: [
      endpoint({
        methods: ['GET'],
        summary:
          'Server-Sent Events: a change event for each change the caller may read, resumable with Last-Event-ID.',
        args: syncStreamSchema,
        permission: anyone,
        handler: async (params, ctx) => {
          const { sync, auth } = ctx.services;
          const start = await sync.streamStart(params.last_event_id ?? ctx.header('last-event-id'));
          const key = streamKey(ctx);
          const lease = await sync.admitStream(key, ctx.actor);
          const authorization = ctx.header('authorization');
          const actor = ctx.actor;
          return {
            body: undefined,
            stream: {
              abandon: () => sync.abandonStream(lease),
              open: (sink) =>
                sync.openStream(
                  sink,
                  {
                    actor,
                    key,
                    epoch: start.epoch,
                    position: start.seq,
                    // A revoked session, a changed password or role ends the stream.
                    stillValid: async () => {
                      if (actor === null) return true;
                      const now = await auth.authenticate(authorization, ctx.client);
                      return now !== null && now.id === actor.id && now.role === actor.role;
                    },
                  },
                  lease,
                ),
            },
          };
        },
      }),
    ],
  },
];
