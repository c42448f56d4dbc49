/** Admin namespace: online backups (make, list, download, restore, delete). Administrators only. */
import { z } from 'zod';
import { isAdministrator } from '../../../shared/roles.js';
import type { RequestContext } from '../../http/context.js';
import { endpoint, type RouteDef } from '../../http/route.js';
import { BACKUP_NAME, formatOf } from './folder.js';

const adminOnly = (ctx: RequestContext) => isAdministrator(ctx.actor);

const nameArgs = z.object({
  name: z
    .string()
    .regex(BACKUP_NAME, 'must be the name of a backup file, such as almanac-20260615T120000Z.db.')
    .meta({ description: 'The file name of a backup.' }),
});

export const backupRoutes: RouteDef[] = [
  {
    path: '/backup-schedule',
    endpoints: [
      endpoint({
        methods: ['GET'],
        summary:
          'Where scheduled backups stand: the schedule, how many are kept, the folder, when the next one is due and how the last one went.',
        args: z.object({}),
        permission: adminOnly,
        handler: async (_params, ctx) => ({ body: await ctx.services.backupSchedule.status() }),
      }),
    ],
  },
  {
    path: '/backups',
    endpoints: [
      endpoint({
        methods: ['GET'],
        summary: 'List the backups, newest first.',
        args: z.object({}),
        permission: adminOnly,
        handler: (_params, ctx) => {
          const backups = ctx.services.backups.list();
          return { body: { backups, total: backups.length } };
        },
      }),
      endpoint({
        methods: ['POST'],
        summary: 'Make a consistent backup of the database while the server keeps running.',
        args: z.object({}),
        permission: adminOnly,
        handler: async (_params, ctx) => ({
          status: 201,
          body: await ctx.services.backups.create(),
        }),
      }),
    ],
  },
  {
    path: '/backups/(?P<name>[\\w.-]+)',
    endpoints: [
      endpoint({
        methods: ['DELETE'],
        summary: 'Delete a backup file.',
        args: nameArgs,
        permission: adminOnly,
        handler: async (params, ctx) => ({
          body: { deleted: true, previous: await ctx.services.backups.remove(params.name) },
        }),
      }),
    ],
  },
  {
    path: '/backups/(?P<name>[\\w.-]+)/download',
    endpoints: [
      endpoint({
        methods: ['GET'],
        summary: 'Download a backup file (an SQLite database; on PostgreSQL, the export document).',
        args: nameArgs,
        permission: adminOnly,
        handler: (params, ctx) => ({
          body: undefined,
          file: ctx.services.backups.path(params.name),
          headers: {
            'Content-Type':
              formatOf(params.name) === 'document' ? 'application/json' : 'application/vnd.sqlite3',
            'Content-Disposition': `attachment; filename="${params.name}"`,
            'Cache-Control': 'no-store',
          },
        }),
      }),
    ],
  },
  {
    path: '/backups/(?P<name>[\\w.-]+)/restore',
    endpoints: [
      endpoint({
        methods: ['POST'],
        summary:
          'Replace the data with a backup, after checking its integrity; the data as it was is backed up first.',
        args: nameArgs,
        permission: adminOnly,
        handler: async (params, ctx) => ({ body: await ctx.services.backups.restore(params.name) }),
      }),
    ],
  },
];
