/** Admin namespace: the trash (list, restore, delete for good, empty). */
import { z } from 'zod';
import { isAdministrator } from '../../../shared/roles.js';
import { listOf, positiveInt } from '../../../shared/schemas/coerce.js';
import type { RequestContext } from '../../http/context.js';
import { endpoint, type RouteDef } from '../../http/route.js';
import { rowLookup } from '../../http/row-lookup.js';
import { presentRestored, presentTrashItem } from './present.js';
import { canListTrash, canManageTrashed, type TrashEntry } from './service.js';
import { TRASH_KINDS } from '../../storage/trash.js';

export const MAX_TRASH_PER_PAGE = 100;

const listArgs = z.object({
  page: positiveInt
    .default(1)
    .meta({ type: 'integer', description: 'The page of the trash to return.' }),
  per_page: positiveInt
    .transform((n) => Math.min(n, MAX_TRASH_PER_PAGE))
    .default(20)
    .meta({ type: 'integer', description: 'How many trashed objects a page holds (at most 100).' }),
  kind: listOf(z.enum(TRASH_KINDS)).optional().meta({
    type: 'array',
    description: 'Only trashed objects of these kinds: event, venue, organizer.',
  }),
});

const idArgs = z.object({
  id: positiveInt.meta({
    type: 'integer',
    description: 'The id of a trashed event, venue or organizer.',
  }),
});

const trashed = rowLookup((params: { id: number }, ctx: RequestContext) =>
  ctx.services.trash.find(params.id),
);

const inTrash = async (params: { id: number }, ctx: RequestContext) => {
  if (await trashed.of(params, ctx)) return undefined;
  return {
    id: (await ctx.services.trash.exists(params.id))
      ? 'The post is not in the trash.'
      : 'Invalid post ID.',
  };
};

/** An endpoint acting on one object in the trash, which the caller may manage. */
const onTrashed = (
  method: 'POST' | 'DELETE',
  summary: string,
  act: (entry: TrashEntry, ctx: RequestContext) => Promise<unknown>,
) =>
  endpoint({
    methods: [method],
    summary,
    args: idArgs,
    check: inTrash,
    permission: (ctx, params) => canManageTrashed(ctx.actor, trashed.found(params)),
    // Again inside the write, on the object as it is then: one restored or deleted since the
    // check is no longer the caller's to act on.
    permissionInWrite: async (ctx, params) => {
      const entry = await trashed.of(params, ctx);
      return entry !== undefined && canManageTrashed(ctx.actor, entry);
    },
    handler: async (params, ctx) => ({ body: await act(trashed.found(params), ctx) }),
  });

export const trashRoutes: RouteDef[] = [
  {
    path: '/trash',
    endpoints: [
      endpoint({
        methods: ['GET'],
        summary: 'List trashed events, venues and organizers, most recently trashed first.',
        args: listArgs,
        permission: (ctx) => canListTrash(ctx.actor),
        handler: async (params, ctx) => {
          const { entries, total } = await ctx.services.trash.list(ctx.actor!, {
            kinds: params.kind && params.kind.length > 0 ? params.kind : TRASH_KINDS,
            page: params.page,
            perPage: params.per_page,
          });
          const pages = Math.ceil(total / params.per_page);
          return {
            body: { items: entries.map(presentTrashItem), total },
            headers: { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(pages) },
          };
        },
      }),
      endpoint({
        methods: ['DELETE'],
        summary: 'Empty the trash: delete every trashed object for good.',
        args: z.object({}),
        permission: (ctx) => isAdministrator(ctx.actor),
        handler: async (_params, ctx) => ({ body: { deleted: await ctx.services.trash.empty() } }),
      }),
    ],
  },
  {
    path: '/trash/(?P<id>\\d+)/restore',
    endpoints: [
      onTrashed(
        'POST',
        'Restore a trashed object with the status and slug it had before.',
        async (entry, ctx) => presentRestored(await ctx.services.trash.restore(entry)),
      ),
    ],
  },
  {
    path: '/trash/(?P<id>\\d+)',
    endpoints: [
      onTrashed('DELETE', 'Delete a trashed object for good.', async (entry, ctx) => {
        await ctx.services.trash.remove(entry);
        return { deleted: true, previous: presentTrashItem(entry) };
      }),
    ],
  },
];
