/**
 * The REST routes venues and organizers share (docs/contract/calendar-api.md §4.3, §4.4): the archive, create,
 * and read/update/delete by id and by slug. Unknown ids and slugs are 400 `rest_invalid_param`
 * even for anonymous requests, since validation runs before permission (docs/contract/compat-notes.md §4.2, §6).
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
import { pathId, pathSlug } from '../../../shared/schemas/linked-post.js';
import type { RequestContext } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { archiveHeaders } from '../../http/paging.js';
import type { QueryValue } from '../../http/links.js';
import {
  anyone,
  decodeSegment,
  EDITABLE,
  endpoint,
  type ApiResponse,
  type RouteDef,
} from '../../http/route.js';
import type { AnyLinkedRow, LinkedKind } from './kind.js';
import type { LinkedInput, LinkedService, ListInput } from './service.js';

export interface LinkedRoutesConfig {
  kind: LinkedKind;
  /** The resource's service; its `embed` is typed by the resource, so routes do not use it. */
  service: (ctx: RequestContext) => Omit<LinkedService, 'embed'>;
  createSchema: z.ZodObject;
  updateSchema: z.ZodObject;
  listSchema: z.ZodObject;
}

type Ref = { id: number } | { slug: string };

const owned = (row: AnyLinkedRow) => ({ author: row.author ?? 0, status: row.status });

/** Only editors give an item to another user. */
const mayAssign = (actor: Actor | null, author: unknown) =>
  author === undefined || (actor !== null && (author === actor.id || canEditOthers(actor)));

export function linkedRoutes(config: LinkedRoutesConfig): RouteDef[] {
  const { kind, createSchema, updateSchema, listSchema } = config;
  const base = `/${kind.table}`;
  const what = kind.type;

  // check, permission and handler of one request see the same params object: look up once.
  const rows = new WeakMap<object, AnyLinkedRow | undefined>();
  function rowOf(params: Ref, ctx: RequestContext): AnyLinkedRow | undefined {
    if (rows.has(params)) return rows.get(params);
    const service = config.service(ctx);
    let row: AnyLinkedRow | undefined;
    if ('id' in params) row = service.find(params.id);
    else {
      const slug = decodeSegment(params.slug);
      row = slug === undefined ? undefined : service.findBySlug(slug);
    }
    rows.set(params, row);
    return row;
  }
  const mustRow = (params: Ref, ctx: RequestContext) => rowOf(params, ctx)!;

  function missing(params: Ref, ctx: RequestContext): Record<string, string> {
    if (rowOf(params, ctx)) return {};
    return 'id' in params
      ? { id: kind.messages.invalidId }
      : { slug: `slug does not name a ${kind.type}.` };
  }

  function presentOne(
    row: AnyLinkedRow,
    ctx: RequestContext,
    jsonLd: boolean,
    status?: number,
  ): ApiResponse {
    const body = config.service(ctx).present([row], ctx.links, jsonLd)[0];
    return status === undefined ? { body } : { status, body };
  }

  function single(path: string, refSchema: z.ZodObject): RouteDef {
    const forUpdate = refSchema.extend(updateSchema.shape);
    const forDelete = refSchema.extend({
      force: booleanLike
        .optional()
        .meta({ type: 'boolean', description: 'Ignored: deleting always moves to the trash.' }),
    });
    return {
      path,
      endpoints: [
        endpoint({
          methods: ['GET'],
          permission: anyone,
          summary: `Read one ${what}.`,
          args: refSchema,
          check: (params, ctx) => missing(params as Ref, ctx),
          handler: (params, ctx) => {
            const row = config.service(ctx).read(mustRow(params as Ref, ctx), ctx.actor);
            return presentOne(row, ctx, true);
          },
        }),
        endpoint({
          methods: EDITABLE,
          summary: `Update a ${what}; omitted fields are kept and "" clears one.`,
          args: forUpdate,
          check: (params, ctx) => {
            const problems = missing(params as Ref, ctx);
            const row = rowOf(params as Ref, ctx);
            if (!row) return problems;
            const fields = config.service(ctx).checkFields(params as LinkedInput, ctx.actor, row);
            return { ...problems, ...fields };
          },
          permission: (ctx, params) =>
            canEditPost(ctx.actor, owned(mustRow(params as Ref, ctx))) &&
            mayAssign(ctx.actor, (params as LinkedInput).author),
          handler: (params, ctx) => {
            const service = config.service(ctx);
            const row = service.update(
              mustRow(params as Ref, ctx),
              params as LinkedInput,
              ctx.actor,
            );
            return presentOne(row, ctx, false);
          },
        }),
        endpoint({
          methods: ['DELETE'],
          summary: `Move a ${what} to the trash and unlink it from its events.`,
          args: forDelete,
          check: (params, ctx) => missing(params as Ref, ctx),
          permission: (ctx, params) => canDeletePost(ctx.actor, owned(mustRow(params as Ref, ctx))),
          handler: (params, ctx) => {
            const row = config.service(ctx).trash(mustRow(params as Ref, ctx));
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
        endpoint({
          methods: ['GET'],
          permission: anyone,
          summary: `List ${kind.table}.`,
          args: listSchema,
          check: (params, ctx) =>
            config.service(ctx).checkList(params as unknown as ListInput, ctx.actor),
          handler: (params, ctx) =>
            archive(params as unknown as ListInput, ctx, config.service(ctx)),
        }),
        endpoint({
          methods: ['POST'],
          summary: `Create a ${what}; an identical existing ${what} is returned instead of a duplicate.`,
          args: createSchema,
          check: (params, ctx) => config.service(ctx).checkFields(params as LinkedInput, ctx.actor),
          permission: (ctx, params) =>
            canEditPosts(ctx.actor) && mayAssign(ctx.actor, (params as LinkedInput).author),
          handler: (params, ctx) => {
            const row = config.service(ctx).create(params as LinkedInput, ctx.actor);
            return presentOne(row, ctx, false, 201);
          },
        }),
      ],
    },
    single(`${base}/(?P<id>\\d+)`, z.object({ id: pathId })),
    single(`${base}/by-slug/(?P<slug>[^/]+)`, z.object({ slug: pathSlug })),
  ];
}

/** The archive envelope (docs/contract/compat-notes.md §2): items, links that keep every parameter, totals. */
function archive(
  params: ListInput,
  ctx: RequestContext,
  service: Omit<LinkedService, 'embed'>,
): ApiResponse {
  const { kind } = service;
  const { rows, total, perPage } = service.list(params, ctx.actor);
  if (params.page > 1 && rows.length === 0) {
    throw notFound(`${kind.type}-archive-page-not-found`, kind.messages.archivePageNotFound);
  }
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
    ];
    return ctx.links.rest(`${kind.table}/`, query);
  };
  const body: Record<string, unknown> = {
    [kind.table]: service.present(rows, ctx.links, false),
    rest_url: rest(params.page),
  };
  if (params.page < totalPages) body.next_rest_url = rest(params.page + 1);
  if (params.page > 1) body.previous_rest_url = rest(params.page > 2 ? params.page - 1 : undefined);
  body.total = total;
  body.total_pages = totalPages;
  return {
    body,
    headers: archiveHeaders({
      total,
      totalPages,
      next: body.next_rest_url as string | undefined,
      previous: body.previous_rest_url as string | undefined,
    }),
  };
}
