/** Admin namespace: the console's one search box over every type (docs/api/admin.md). */
import { adminSearchSchema } from '../../../shared/schemas/admin-search.js';
import { searchAnswer } from '../../../shared/schemas/wire/admin.js';
import { endpoint, type RouteDef } from '../../http/route.js';

export const searchRoutes: RouteDef[] = [
  {
    path: '/search',
    endpoints: [
      endpoint({
        methods: ['GET'],
        summary:
          'Find events, venues, organizers, categories and tags by text: a few of each, only those the caller may read.',
        args: adminSearchSchema,
        // Signed-in users only: anonymous visitors have the public listings.
        permission: (ctx) => ctx.actor !== null,
        handler: async (params, ctx) => ({
          body: await ctx.services.search.search(params, ctx.actor!),
        }),
        responses: { 200: { description: 'The matches, grouped by type.', schema: searchAnswer } },
      }),
    ],
  },
];
