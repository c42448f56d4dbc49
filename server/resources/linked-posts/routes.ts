/**
 * The REST routes venues and organizers share (docs/contract/calendar-api.md §4.3, §4.4): the
 * archive, create, and read/update/delete by id and by slug. Unknown ids and slugs are 400
 * `rest_invalid_param` even for anonymous requests, since validation runs before permission
 * (docs/contract/compat-notes.md §4.2, §6). Generic over the type's row, input and wire shape: the
 * parameters of every endpoint are typed by the resource's own schemas (`linkedArgs`).
 */
import { z } from 'zod';
import {
  canDeletePost,
  canEditOthers,
  canEditPost,
  canEditPosts,
  type Actor,
} from '../../../shared/roles.js';
import { booleanLike } from '../../../shared/schemas/coerce.js';
import { linkedPostListSchema, pathId, pathSlug } from '../../../shared/schemas/linked-post.js';
import type { Problems } from '../../errors.js';
import type { RequestContext } from '../../http/context.js';
import type { QueryValue } from '../../http/links.js';
import { archiveAnswer } from '../../http/paging.js';
import {
  anyone,
  decodeSegment,
  EDITABLE,
  endpointOf,
  type ApiResponse,
  type ArgsOf,
  type RouteDef,
} from '../../http/route.js';
import { rowLookup } from '../../http/row-lookup.js';
import type { LinkedInput, LinkedKind, LinkedRow } from './kind.js';
import type { LinkedService, ListInput } from './service.js';

type IdRef = { id: number };
type SlugRef = { slug: string };
type Ref = IdRef | SlugRef;

/** The argument schemas of one way of naming an item (by id, by slug). */
interface RefArgs<R extends Ref, Input> {
  read: ArgsOf<R>;
  update: ArgsOf<R & Input>;
  remove: ArgsOf<R>;
}

/** Every argument schema of a type's routes, as `linkedArgs` builds them. */
export interface LinkedArgs<Input> {
  list: ArgsOf<ListInput>;
  create: ArgsOf<Input>;
  byId: RefArgs<IdRef, Input>;
  bySlug: RefArgs<SlugRef, Input>;
}

/**
 * The argument schemas of a type's routes from its create and update schemas
 * (shared/schemas/venue.ts, organizer.ts); both types list with the same arguments. Called with
 * the resource's own schemas, so the result carries their exact types.
 */
export function linkedArgs<C extends z.ZodObject, U extends z.core.$ZodShape>(schemas: {
  create: C;
  update: z.ZodObject<U>;
}) {
  const { create, update } = schemas;
  const list = linkedPostListSchema;
  const force = {
    force: booleanLike
      .optional()
      .meta({ type: 'boolean', description: 'Ignored: deleting always moves to the trash.' }),
  };
  const byId = z.object({ id: pathId });
  const bySlug = z.object({ slug: pathSlug });
  return {
    list,
    create,
    byId: { read: byId, update: byId.extend(update.shape), remove: byId.extend(force) },
    bySlug: { read: bySlug, update: bySlug.extend(update.shape), remove: bySlug.extend(force) },
  };
}

export interface LinkedRoutesConfig<Row extends LinkedRow, Input extends LinkedInput, Wire> {
  kind: LinkedKind<Row, Input, Wire>;
  service: (ctx: RequestContext) => LinkedService<Row, Input, Wire>;
  args: LinkedArgs<Input>;
}

const owned = (row: LinkedRow) => ({ author: row.author ?? 0, status: row.status });

/** Only editors give an item to another user. */
const mayAssign = (actor: Actor | null, author: number | undefined) =>
  author === undefined || (actor !== null && (author === actor.id || canEditOthers(actor)));

export function linkedRoutes<Row extends LinkedRow, Input extends LinkedInput, Wire>(
  config: LinkedRoutesConfig<Row, Input, Wire>,
): RouteDef[] {
  const { kind, args } = config;
  const base = `/${kind.table}`;
  const what = kind.type;

  const rows = rowLookup(async (params: Ref, ctx: RequestContext): Promise<Row | undefined> => {
    const service = config.service(ctx);
    if ('id' in params) return service.find(params.id);
    const slug = decodeSegment(params.slug);
    return slug === undefined ? undefined : service.findBySlug(slug);
  });
  const rowOf = rows.of;
  const mustRow = rows.found;

  async function missing(params: Ref, ctx: RequestContext): Promise<Problems> {
    if (await rowOf(params, ctx)) return {};
    return 'id' in params
      ? { id: kind.messages.invalidId }
      : { slug: `slug does not name a ${kind.type}.` };
  }

  async function presentOne(row: Row, ctx: RequestContext, jsonLd: boolean, status?: number) {
    const [body] = await config.service(ctx).present([row], ctx.links, jsonLd);
    return status === undefined ? { body } : { status, body };
  }

  function single<R extends Ref>(path: string, ref: RefArgs<R, Input>): RouteDef {
    return {
      path,
      endpoints: [
        endpointOf<R>({
          methods: ['GET'],
          permission: anyone,
          summary: `Read one ${what}.`,
          args: ref.read,
          check: (params, ctx) => missing(params, ctx),
          handler: (params, ctx) => {
            const row = config.service(ctx).read(mustRow(params), ctx.actor);
            return presentOne(row, ctx, true);
          },
        }),
        endpointOf<R & Input>({
          methods: EDITABLE,
          summary: `Update a ${what}; omitted fields are kept and "" clears one.`,
          args: ref.update,
          check: async (params, ctx) => {
            const problems = await missing(params, ctx);
            const row = await rowOf(params, ctx);
            if (!row) return problems;
            return {
              ...problems,
              ...(await config.service(ctx).checkFields(params, ctx.actor, row)),
            };
          },
          permission: (ctx, params) =>
            canEditPost(ctx.actor, owned(mustRow(params))) && mayAssign(ctx.actor, params.author),
          permissionInWrite: async (ctx, params) => {
            const row = await rowOf(params, ctx);
            return (
              row !== undefined &&
              canEditPost(ctx.actor, owned(row)) &&
              mayAssign(ctx.actor, params.author)
            );
          },
          handler: async (params, ctx) => {
            const row = await config.service(ctx).update(mustRow(params), params, ctx.actor);
            return presentOne(row, ctx, false);
          },
        }),
        endpointOf<R>({
          methods: ['DELETE'],
          summary: `Move a ${what} to the trash and unlink it from its events.`,
          args: ref.remove,
          check: (params, ctx) => missing(params, ctx),
          permission: (ctx, params) => canDeletePost(ctx.actor, owned(mustRow(params))),
          permissionInWrite: async (ctx, params) => {
            const row = await rowOf(params, ctx);
            return row !== undefined && canDeletePost(ctx.actor, owned(row));
          },
          handler: async (params, ctx) => {
            const row = await config.service(ctx).trash(mustRow(params));
            return presentOne(row, ctx, false);
          },
        }),
      ],
    };
  }

  return [
    {
      path: base,
      endpoints: [
        endpointOf<ListInput>({
          methods: ['GET'],
          permission: anyone,
          summary: `List ${kind.table}.`,
          args: args.list,
          check: (params, ctx) => config.service(ctx).checkList(params, ctx.actor),
          handler: (params, ctx) => archive(kind, params, ctx, config.service(ctx)),
        }),
        endpointOf<Input>({
          methods: ['POST'],
          summary: `Create a ${what}; an identical existing ${what} is returned instead of a duplicate.`,
          args: args.create,
          check: (params, ctx) => config.service(ctx).checkFields(params, ctx.actor),
          permission: (ctx, params) =>
            canEditPosts(ctx.actor) && mayAssign(ctx.actor, params.author),
          handler: async (params, ctx) => {
            const row = await config.service(ctx).create(params, ctx.actor);
            return presentOne(row, ctx, false, 201);
          },
        }),
      ],
    },
    single(`${base}/(?P<id>\\d+)`, args.byId),
    single(`${base}/by-slug/(?P<slug>[^/]+)`, args.bySlug),
  ];
}

/**
 * The archive envelope (docs/contract/compat-notes.md §2): items, links that keep every parameter,
 * totals.
 */
async function archive<Row extends LinkedRow, Input extends LinkedInput, Wire>(
  kind: LinkedKind<Row, Input, Wire>,
  params: ListInput,
  ctx: RequestContext,
  service: LinkedService<Row, Input, Wire>,
): Promise<ApiResponse> {
  const { rows, total, perPage } = await service.list(params, ctx.actor);
  const totalPages = Math.ceil(total / perPage);
  // Booleans as 1/0, and `status=publish` for whoever sees only published items, as the events
  // archive writes them.
  const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
  const status = params.status?.join(',') ?? (canEditPosts(ctx.actor) ? undefined : 'publish');
  const rest = (page: number | undefined) => {
    const query: Array<[string, QueryValue]> = [
      ['page', page],
      ['per_page', perPage],
      ['search', params.search],
      ['event', params.event],
      ['has_events', flag(params.has_events)],
      ['only_with_upcoming', flag(params.only_with_upcoming)],
      ['status', status],
      ['orderby', params.orderby],
      ['order', params.order],
    ];
    return ctx.links.rest(`${kind.table}/`, query);
  };
  return archiveAnswer({
    [kind.table]: await service.present(rows, ctx.links, false),
    rest_url: rest(params.page),
    ...(params.page < totalPages ? { next_rest_url: rest(params.page + 1) } : {}),
    ...(params.page > 1
      ? { previous_rest_url: rest(params.page > 2 ? params.page - 1 : undefined) }
      : {}),
    total,
    total_pages: totalPages,
  });
}
