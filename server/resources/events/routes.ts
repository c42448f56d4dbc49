/** REST routes of events (docs/contract/calendar-api.md §4.2): parse → check → permission → service. */
import { z } from 'zod';
import { canAssignAuthor, canEditPosts } from '../../../shared/roles.js';
import { integerLike } from '../../../shared/schemas/coerce.js';
import {
  eventCreateSchema,
  eventListSchema,
  eventUpdateSchema,
} from '../../../shared/schemas/event.js';
import type { EventListInput } from '../../../shared/schemas/event.js';
import { answerCaches, contentAnswer, listText, serialisedText } from '../../http/answer-cache.js';
import { scopeField } from '../../../shared/recurrence/schema.js';
import type { RequestContext } from '../../http/context.js';
import { rowLookup } from '../../http/row-lookup.js';
import { archiveAnswer } from '../../http/paging.js';
import {
  anyone,
  decodeSegment,
  EDITABLE,
  endpoint,
  type ApiResponse,
  type RouteDef,
} from '../../http/route.js';

const idArgs = z.object({
  id: integerLike.meta({ type: 'integer', minimum: 1, description: 'The event ID.' }),
});
const slugArgs = z.object({
  slug: z.string().min(1).meta({ description: 'The event slug.' }),
});
/** Which occurrences of a series an update or a delete reaches (docs/contract/extensions.md §E1). */
const scoped = { scope: scopeField };

const decoded = (slug: string): string => decodeSegment(slug) ?? slug;

/**
 * The event a request names, read through the read side once per parameters object (the checks
 * read it; the synchronous permission and the handler reuse it); `permissionInWrite` and the
 * `Allow` header read it again, as it is then (http/row-lookup.ts).
 */
const named = rowLookup((params: { id: number } | { slug: string }, ctx: RequestContext) =>
  'id' in params
    ? ctx.services.events.find(params.id)
    : ctx.services.events.findBySlug(decoded(params.slug)),
);
const eventOf = (params: { id: number } | { slug: string }, ctx: RequestContext) =>
  named.of(params, ctx);
const lookedUp = (params: { id: number } | { slug: string }) => named.lookedUp(params);

/**
 * Whether the actor may update or trash the event the parameters name, as it is now. Both need
 * `edit_posts` whatever the event (shared/roles.ts, canEditPost), so the event is not read for
 * anyone without it: every public GET of an event asks this of PATCH and DELETE for its `Allow`
 * header, and those two reads were a fifth of a single read's time.
 */
async function mayChange(
  ctx: RequestContext,
  params: { id: number } | { slug: string },
  judge: 'canUpdate' | 'canDelete',
): Promise<boolean> {
  if (!canEditPosts(ctx.actor)) return false;
  return ctx.services.events[judge](ctx.actor, await eventOf(params, ctx));
}

/** Looks the event up for the permission; a check of its own, reporting nothing. */
const lookUp = async (params: { id: number }, ctx: RequestContext): Promise<undefined> => {
  await eventOf(params, ctx);
  return undefined;
};

/** Unknown slugs are a 400, as the reference's slug validator makes them (docs/contract/compat-notes.md §4.4). */
const slugExists = async (params: { slug: string }, ctx: RequestContext) =>
  (await eventOf(params, ctx))
    ? undefined
    : { slug: `No event has the slug "${decoded(params.slug)}".` };

/** The event a by-slug handler works on: its check made sure it exists. */
async function slugged(params: { slug: string }, ctx: RequestContext): Promise<number> {
  const row = await eventOf(params, ctx);
  return row!.id;
}

/** Answers remembered while the data is unchanged (http/answer-cache.ts). */
const singleAnswers = answerCaches(4096);
const pageAnswers = answerCaches(256);

/** What decides an answer besides the data and the request's own parameters. */
const asker = (ctx: RequestContext) => [
  ctx.actor?.id ?? 0,
  ctx.actor?.role ?? '',
  ctx.links.root,
  ctx.links.namespace,
];

/** The single GET: serialised once, remembered while the data is unchanged. */
function readAnswer(id: number, ctx: RequestContext): Promise<ApiResponse> {
  const { events } = ctx.services;
  const key = JSON.stringify([id, ...asker(ctx)]);
  return singleAnswers(ctx.services).get(key, async () =>
    serialisedText(await events.readText(id, ctx.actor, ctx.links)),
  );
}

/**
 * The listing: serialised once, remembered while the data is unchanged, tagged by the content
 * version and its key instead of a hash of its bytes (http/answer-cache.ts, contentAnswer). A
 * single event keeps its body's tag: clients send it back in If-Match, and a tag that moved
 * with any change of the calendar would refuse an edit whenever anything else had changed.
 */
function listAnswer(input: EventListInput, ctx: RequestContext): Promise<ApiResponse> {
  const { events } = ctx.services;
  const plan = events.planList(input);
  const key = JSON.stringify([input, ...asker(ctx), plan.perPage, plan.dates.bounds]);
  return contentAnswer(pageAnswers(ctx.services), 'events', key, async () => {
    const { events: items, ...archive } = await events.listPage(plan, ctx.actor, ctx.links);
    const { body, headers } = archiveAnswer(archive);
    return { text: listText('events', items, body), headers };
  });
}

export const eventsRoutes: RouteDef[] = [
  {
    path: '/events',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: anyone,
        summary: 'List events, by start date.',
        args: eventListSchema,
        check: (params, ctx) => ctx.services.events.listProblems(params, ctx.actor),
        handler: (params, ctx) => listAnswer(params, ctx),
      }),
      endpoint({
        methods: ['POST'],
        summary: 'Create an event.',
        args: eventCreateSchema,
        check: (params, ctx) => ctx.services.events.payloadProblems(params, ctx.actor, 'create'),
        permission: (ctx, params) =>
          canEditPosts(ctx.actor) && canAssignAuthor(ctx.actor, params.author),
        handler: async (params, ctx) => ({
          status: 201,
          body: await ctx.services.events.submit.create(params, ctx.actor, ctx.links),
        }),
      }),
    ],
  },
  {
    path: '/events/(?P<id>\\d+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: anyone,
        summary: 'Read an event.',
        args: idArgs,
        handler: (params, ctx) => readAnswer(params.id, ctx),
      }),
      endpoint({
        methods: EDITABLE,
        summary: 'Update an event; omitted fields keep their values.',
        args: idArgs.extend(eventUpdateSchema.shape).extend(scoped),
        check: async (params, ctx) => {
          await eventOf(params, ctx);
          return ctx.services.events.payloadProblems(params, ctx.actor, 'update');
        },
        permission: (ctx, params) =>
          ctx.services.events.canUpdate(ctx.actor, lookedUp(params)) &&
          canAssignAuthor(ctx.actor, params.author),
        permissionInWrite: async (ctx, params) =>
          (await mayChange(ctx, params, 'canUpdate')) && canAssignAuthor(ctx.actor, params.author),
        handler: async ({ id, scope, ...input }, ctx) => ({
          body: await ctx.services.events.submit.update(id, input, ctx.actor, ctx.links, scope),
        }),
      }),
      endpoint({
        methods: ['DELETE'],
        summary: 'Move an event to the trash.',
        args: idArgs.extend(scoped),
        check: lookUp,
        permission: (ctx, params) => ctx.services.events.canDelete(ctx.actor, lookedUp(params)),
        permissionInWrite: (ctx, params) => mayChange(ctx, params, 'canDelete'),
        handler: async (params, ctx) => ({
          body: await ctx.services.events.submit.trash(
            params.id,
            ctx.links,
            ctx.actor,
            params.scope,
          ),
        }),
      }),
    ],
  },
  {
    path: '/events/by-slug/(?P<slug>[^/]+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: anyone,
        summary: 'Read an event by its slug.',
        args: slugArgs,
        check: slugExists,
        handler: async (params, ctx) => readAnswer(await slugged(params, ctx), ctx),
      }),
      endpoint({
        methods: EDITABLE,
        summary: 'Update an event by its slug; omitted fields keep their values.',
        // The path's slug names the event; renaming is done through the id route.
        args: slugArgs.extend(eventUpdateSchema.omit({ slug: true }).shape).extend(scoped),
        check: async (params, ctx) => ({
          ...(await slugExists(params, ctx)),
          ...(await ctx.services.events.payloadProblems(params, ctx.actor, 'update')),
        }),
        // The object's own permission, not only the type's (docs/contract/decisions.md 4).
        permission: (ctx, params) =>
          ctx.services.events.canUpdate(ctx.actor, lookedUp(params)) &&
          canAssignAuthor(ctx.actor, params.author),
        permissionInWrite: async (ctx, params) =>
          (await mayChange(ctx, params, 'canUpdate')) && canAssignAuthor(ctx.actor, params.author),
        handler: async (params, ctx) => {
          const { slug: _slug, scope, ...input } = params;
          const id = await slugged(params, ctx);
          return {
            body: await ctx.services.events.submit.update(id, input, ctx.actor, ctx.links, scope),
          };
        },
      }),
      endpoint({
        methods: ['DELETE'],
        summary: 'Move an event to the trash by its slug.',
        args: slugArgs.extend(scoped),
        check: slugExists,
        permission: (ctx, params) => ctx.services.events.canDelete(ctx.actor, lookedUp(params)),
        permissionInWrite: (ctx, params) => mayChange(ctx, params, 'canDelete'),
        handler: async (params, ctx) => ({
          body: await ctx.services.events.submit.trash(
            await slugged(params, ctx),
            ctx.links,
            ctx.actor,
            params.scope,
          ),
        }),
      }),
    ],
  },
];
