/** REST routes of categories and tags: one definition, parameterised by taxonomy. */
import type { Actor } from '../../../shared/roles.js';
import { canManageCategories, canManageTags } from '../../../shared/roles.js';
import {
  categoryCreateSchema,
  categoryListSchema,
  categoryUpdateSchema,
  tagCreateSchema,
  tagListSchema,
  tagUpdateSchema,
  termIdSchema,
  type Taxonomy,
  type TermListArgs,
} from '../../../shared/schemas/term.js';
import type { Problems } from '../../errors.js';
import type { RequestContext } from '../../http/context.js';
import { archiveAnswer } from '../../http/paging.js';
import { anyone, EDITABLE, endpoint, type RouteDef } from '../../http/route.js';
import { COLLECTION, presentTerm } from './present.js';
import { archiveLinks } from './archive-links.js';

interface TermRoutesSpec {
  taxonomy: Taxonomy;
  label: string;
  list: typeof tagListSchema | typeof categoryListSchema;
  create: typeof tagCreateSchema | typeof categoryCreateSchema;
  update: typeof tagUpdateSchema | typeof categoryUpdateSchema;
  canManage: (actor: Actor | null) => boolean;
}

function termRoutes(spec: TermRoutesSpec): RouteDef[] {
  const { taxonomy, label } = spec;
  const base = COLLECTION[taxonomy];
  const manage = (ctx: RequestContext) => spec.canManage(ctx.actor);
  const idProblem = async (id: number, ctx: RequestContext): Promise<Problems | undefined> =>
    (await ctx.services.terms.find(taxonomy, id))
      ? undefined
      : { id: `${id} is not a valid ${label} ID.` };

  async function parentProblem(ctx: RequestContext, parent: number | undefined, self?: number) {
    if (taxonomy !== 'category' || parent === undefined) return undefined;
    const problem = await ctx.services.terms.parentProblem(parent, self);
    return problem === undefined ? undefined : { parent: problem };
  }

  async function listProblems(params: TermListArgs, ctx: RequestContext): Promise<Problems> {
    const { terms } = ctx.services;
    const problems: Problems = {};
    for (const name of ['include', 'exclude'] as const) {
      const unknown = await terms.missing(taxonomy, params[name] ?? []);
      if (unknown.length > 0)
        problems[name] = `${name} has unknown ${label} IDs: ${unknown.join(', ')}.`;
    }
    const parent = await parentProblem(ctx, params.parent);
    if (parent) Object.assign(problems, parent);
    for (const name of ['post', 'event'] as const) {
      const id = params[name];
      if (id !== undefined && !(await terms.eventExists(id)))
        problems[name] = `${name} ${id} is not an event ID.`;
    }
    return problems;
  }

  const single =
    (status: number) => (row: Parameters<typeof presentTerm>[0], ctx: RequestContext) => ({
      status,
      body: presentTerm(row, ctx.links),
    });

  return [
    {
      path: `/${base}`,
      endpoints: [
        endpoint({
          methods: ['GET'],
          permission: anyone,
          summary: `List event ${base}.`,
          args: spec.list,
          check: (params, ctx) => listProblems(params as TermListArgs, ctx),
          handler: async (params, ctx) => {
            const args = params as TermListArgs;
            const page = await ctx.services.terms.list(taxonomy, args, ctx.actor);
            const links = archiveLinks(taxonomy, args, page, ctx);
            return archiveAnswer({
              rest_url: links.rest_url,
              total: page.total,
              total_pages: page.totalPages,
              [base]: page.rows.map((row) => presentTerm(row, ctx.links)),
              ...(links.next_rest_url ? { next_rest_url: links.next_rest_url } : {}),
              ...(links.previous_rest_url ? { previous_rest_url: links.previous_rest_url } : {}),
            });
          },
        }),
        endpoint({
          methods: ['POST'],
          summary: `Create an event ${label}.`,
          args: spec.create,
          check: (params, ctx) => parentProblem(ctx, (params as { parent?: number }).parent),
          permission: manage,
          handler: async (params, ctx) => {
            const row = await ctx.services.terms.create(taxonomy, params, ctx.sent.has('parent'));
            const response = single(201)(row, ctx);
            return { ...response, headers: { Location: ctx.links.rest(`${base}/${row.id}`) } };
          },
        }),
      ],
    },
    {
      path: `/${base}/(?P<id>\\d+)`,
      endpoints: [
        endpoint({
          methods: ['GET'],
          permission: anyone,
          summary: `Read an event ${label}.`,
          args: termIdSchema,
          check: (params, ctx) => idProblem(params.id, ctx),
          handler: async (params, ctx) =>
            single(200)(await ctx.services.terms.get(taxonomy, params.id), ctx),
        }),
        endpoint({
          methods: EDITABLE,
          summary: `Update an event ${label}; omitted fields keep their values.`,
          args: spec.update,
          check: async (params, ctx) =>
            (await idProblem(params.id, ctx)) ??
            (await parentProblem(ctx, (params as { parent?: number }).parent, params.id)),
          permission: manage,
          handler: async ({ id, ...changes }, ctx) =>
            single(200)(
              await ctx.services.terms.update(taxonomy, id, changes, ctx.sent.has('parent')),
              ctx,
            ),
        }),
        endpoint({
          methods: ['DELETE'],
          summary: `Delete an event ${label} for good; events lose it.`,
          args: termIdSchema,
          check: (params, ctx) => idProblem(params.id, ctx),
          permission: manage,
          handler: async (params, ctx) =>
            single(200)(await ctx.services.terms.remove(taxonomy, params.id), ctx),
        }),
      ],
    },
  ];
}

export const categoryRoutes: RouteDef[] = termRoutes({
  taxonomy: 'category',
  label: 'category',
  list: categoryListSchema,
  create: categoryCreateSchema,
  update: categoryUpdateSchema,
  canManage: canManageCategories,
});

export const tagRoutes: RouteDef[] = termRoutes({
  taxonomy: 'tag',
  label: 'tag',
  list: tagListSchema,
  create: tagCreateSchema,
  update: tagUpdateSchema,
  canManage: canManageTags,
});
