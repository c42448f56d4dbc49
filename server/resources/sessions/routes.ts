/** Console sign-in: Bearer session tokens. */
import { z } from 'zod';
import { loginSchema } from '../../../shared/schemas/users.js';
import { ApiError } from '../../http/errors.js';
import { anyone, endpoint, type RouteDef } from '../../http/route.js';
import { presentUser } from '../users/present.js';

export const sessionRoutes: RouteDef[] = [
  {
    path: '/sessions',
    endpoints: [
      endpoint({
        methods: ['POST'],
        permission: anyone,
        summary: 'Sign in with a login and password; returns a Bearer token.',
        args: loginSchema,
        handler: async (params, ctx) => {
          const session = await ctx.services.auth.login(
            params.login,
            params.password,
            ctx.client,
            params.label,
            ctx.signal,
          );
          return {
            status: 201,
            body: {
              token: session.token,
              expires_utc: session.expires_utc,
              user: presentUser(session.user),
            },
          };
        },
      }),
    ],
  },
  {
    path: '/sessions/current',
    endpoints: [
      endpoint({
        methods: ['DELETE'],
        summary: 'Sign out: revoke the Bearer token used for this request.',
        args: z.object({}),
        permission: (ctx) => ctx.actor !== null,
        handler: async (_params, ctx) => {
          if (ctx.bearerToken === undefined || !(await ctx.services.auth.logout(ctx.bearerToken))) {
            throw new ApiError(
              'rest_no_session',
              'This request was not made with a session token.',
              400,
            );
          }
          return { body: { revoked: true } };
        },
      }),
    ],
  },
];
