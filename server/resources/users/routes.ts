/** Admin namespace: users, their application passwords, and `me`. */
import { z } from 'zod';
import { isAdministrator } from '../../../shared/roles.js';
import {
  appPasswordCreateSchema,
  userCreateSchema,
  userUpdateSchema,
} from '../../../shared/schemas/users.js';
import { positiveInt } from '../../../shared/schemas/coerce.js';
import { ApiError, invalidParams } from '../../http/errors.js';
import type { RequestContext } from '../../http/context.js';
import { EDITABLE, endpoint, type RouteDef } from '../../http/route.js';
import { presentAppPassword, presentUser } from './present.js';

const adminOnly = (ctx: RequestContext) => isAdministrator(ctx.actor);
const selfOrAdmin = (ctx: RequestContext, params: { id: number }) =>
  ctx.actor !== null && (ctx.actor.id === params.id || isAdministrator(ctx.actor));

const userId = z.object({ id: positiveInt });
const userExists = async (params: { id: number }, ctx: RequestContext) =>
  (await ctx.services.users.find(params.id)) ? undefined : { id: 'Invalid user ID.' };

export const userRoutes: RouteDef[] = [
  {
    path: '/me',
    endpoints: [
      endpoint({
        methods: ['GET'],
        summary: 'The signed-in user.',
        args: z.object({}),
        permission: (ctx) => ctx.actor !== null,
        handler: async (_params, ctx) => ({
          body: presentUser(await ctx.services.users.get(ctx.actor!.id)),
        }),
      }),
    ],
  },
  {
    path: '/users',
    endpoints: [
      endpoint({
        methods: ['GET'],
        summary: 'List users.',
        args: z.object({
          page: positiveInt.default(1),
          per_page: positiveInt.transform((n) => Math.min(n, 100)).default(50),
        }),
        permission: adminOnly,
        handler: async (params, ctx) => {
          const { users, total } = await ctx.services.users.list(params.page, params.per_page);
          const pages = Math.ceil(total / params.per_page);
          return {
            body: { users: users.map(presentUser), total, total_pages: pages },
            headers: { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(pages) },
          };
        },
      }),
      endpoint({
        methods: ['POST'],
        summary: 'Create a user.',
        args: userCreateSchema,
        permission: adminOnly,
        handler: async (params, ctx) => ({
          status: 201,
          body: presentUser(await ctx.services.users.create(params)),
        }),
      }),
    ],
  },
  {
    path: '/users/(?P<id>\\d+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        summary: 'Read a user.',
        args: userId,
        check: userExists,
        permission: selfOrAdmin,
        handler: async (params, ctx) => ({
          body: presentUser(await ctx.services.users.get(params.id)),
        }),
      }),
      endpoint({
        methods: EDITABLE,
        summary: 'Update a user; only administrators change roles.',
        args: userId.extend(userUpdateSchema.shape),
        check: async (params, ctx) =>
          (await userExists(params, ctx)) ??
          (ctx.actor?.id === params.id &&
          params.password !== undefined &&
          params.current_password === undefined
            ? { current_password: 'current_password is needed to change your own password.' }
            : undefined),
        permission: (ctx, params) =>
          isAdministrator(ctx.actor) || (ctx.actor?.id === params.id && params.role === undefined),
        handler: async ({ id, current_password, ...changes }, ctx) => {
          const own = ctx.actor?.id === id;
          if (own && changes.password !== undefined) {
            const confirmed = await ctx.services.auth.confirmPassword(
              id,
              current_password ?? '',
              ctx.client,
              ctx.signal,
            );
            if (!confirmed)
              throw invalidParams({ current_password: 'The current password is not correct.' });
          }
          // Users changing their own password stay signed in on the session they use.
          const keep = own ? ctx.bearerToken?.split('.')[0] : undefined;
          return { body: presentUser(await ctx.services.users.update(id, changes, keep)) };
        },
      }),
      endpoint({
        methods: ['DELETE'],
        summary: 'Delete a user; their content is kept with no author.',
        args: userId,
        check: userExists,
        permission: adminOnly,
        handler: async (params, ctx) => ({
          body: {
            deleted: true,
            previous: presentUser(await ctx.services.users.remove(params.id)),
          },
        }),
      }),
    ],
  },
  {
    path: '/users/(?P<id>\\d+)/application-passwords',
    endpoints: [
      endpoint({
        methods: ['GET'],
        summary: "List a user's application passwords (never the secrets).",
        args: userId,
        check: userExists,
        permission: selfOrAdmin,
        handler: async (params, ctx) => ({
          body: (await ctx.services.auth.listAppPasswords(params.id)).map(presentAppPassword),
        }),
      }),
      endpoint({
        methods: ['POST'],
        summary: 'Create an application password; the secret is shown in this response only.',
        args: userId.extend(appPasswordCreateSchema.shape),
        check: userExists,
        permission: selfOrAdmin,
        handler: async (params, ctx) => {
          const { row, password } = await ctx.services.auth.createAppPassword(
            params.id,
            params.name,
          );
          return { status: 201, body: { ...presentAppPassword(row), password } };
        },
      }),
    ],
  },
  {
    path: '/users/(?P<id>\\d+)/application-passwords/(?P<uuid>[\\w-]+)',
    endpoints: [
      endpoint({
        methods: ['DELETE'],
        summary: 'Revoke an application password.',
        args: userId.extend({ uuid: z.string() }),
        check: userExists,
        permission: selfOrAdmin,
        handler: async (params, ctx) => {
          if (!(await ctx.services.auth.revokeAppPassword(params.id, params.uuid))) {
            throw new ApiError(
              'application_password_not_found',
              'No application password with that id.',
              404,
            );
          }
          return { body: { deleted: true, uuid: params.uuid } };
        },
      }),
    ],
  },
];
