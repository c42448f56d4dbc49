/** Admin namespace: site settings. */
import { z } from 'zod';
import { isAdministrator } from '../../../shared/roles.js';
import { settingsUpdateSchema } from '../../../shared/schemas/settings.js';
import { invalidInput } from '../../errors.js';
import { EDITABLE, endpoint, type RouteDef } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import type { SettingsWire } from '../../../shared/schemas/wire/admin.js';

const body = (ctx: RequestContext): SettingsWire => ({
  ...ctx.services.settings.get(),
  overridden: ctx.services.settings.overridden(),
});

export const settingsRoutes: RouteDef[] = [
  {
    path: '/settings',
    endpoints: [
      endpoint({
        methods: ['GET'],
        summary: 'Read the site settings.',
        args: z.object({}),
        permission: (ctx) => isAdministrator(ctx.actor),
        handler: (_params, ctx) => ({ body: body(ctx) }),
      }),
      endpoint({
        methods: EDITABLE,
        summary: 'Change settings; omitted ones keep their value.',
        args: settingsUpdateSchema,
        permission: (ctx) => isAdministrator(ctx.actor),
        handler: async (params, ctx) => {
          // Checked on the file system only once the caller is known to be an administrator:
          // the answer tells whether a path exists.
          const folder = params.backup_dir && ctx.services.backups.folderProblem(params.backup_dir);
          if (folder) throw invalidInput('backup_dir', folder);
          if (params.site_logo && !(await ctx.services.media.find(params.site_logo))) {
            throw invalidInput(
              'site_logo',
              `site_logo ${params.site_logo} is not an image of the media library.`,
            );
          }
          const settings = await ctx.services.settings.update(params);
          await ctx.services.network.apply(settings.lan_sharing);
          return { body: body(ctx) };
        },
      }),
    ],
  },
];
