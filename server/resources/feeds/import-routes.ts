/** Admin namespace: iCalendar import (docs/contract/extensions.md §E2). Editors and administrators. */
import type { NextFunction, Request, Response } from 'express';
import express from 'express';
import { canEditOthers } from '../../../shared/roles.js';
import { icsImportReportSchema, icsImportSchema } from '../../../shared/schemas/feed.js';
import { ApiError } from '../../http/errors.js';
import { endpoint, type RouteDef } from '../../http/route.js';
import { linksData } from '../transfer/import-jobs.js';
import { isBlank } from './ics-text.js';
import { IMPORT_MAX_BYTES, type IcsFile } from './import.js';

/** The parameter the file travels under through the REST pipeline (see media/upload.ts). */
const ICS_PARAM = '__almanac_ics';

export const IMPORT_PATHS = [
  '/api/calendar/admin/v1/import/ics',
  '/wp-json/calendar/admin/v1/import/ics',
];

/**
 * Reads a `text/calendar` body (up to 20 MB, a 413 beyond) for the import route only, as bytes:
 * lines are unfolded before they are decoded (ics-text.ts).
 */
export const icsBody = [
  express.raw({
    type: ['text/calendar', 'text/plain', 'application/octet-stream'],
    limit: IMPORT_MAX_BYTES,
  }),
  (req: Request, _res: Response, next: NextFunction) => {
    if (Buffer.isBuffer(req.body)) {
      const charset = /;\s*charset="?([^";]+)"?/i.exec(req.get('content-type') ?? '')?.[1];
      const file: IcsFile = { bytes: req.body, charset };
      req.body = { [ICS_PARAM]: file };
    }
    next();
  },
];

function fileOf(raw: Readonly<Record<string, unknown>>): IcsFile | undefined {
  const value = raw[ICS_PARAM] as Partial<IcsFile> | undefined;
  if (value === null || typeof value !== 'object' || !(value.bytes instanceof Uint8Array)) {
    return undefined;
  }
  return { bytes: value.bytes, charset: value.charset };
}

export const importRoutes: RouteDef[] = [
  {
    path: '/import/ics',
    endpoints: [
      endpoint({
        methods: ['POST'],
        summary:
          'Import an iCalendar file (the body, Content-Type text/calendar, up to 20 MB): events are matched by UID; dry_run=true reports without writing.',
        args: icsImportSchema,
        check: async ({ category, organizer }, ctx) => ({
          ...(category !== undefined && !(await ctx.services.terms.find('category', category))
            ? { category: `category ${category} is not an existing category.` }
            : {}),
          ...(organizer !== undefined && !(await ctx.services.organizers.find(organizer))
            ? { organizer: `organizer ${organizer} is not an existing organizer.` }
            : {}),
        }),
        permission: (ctx) => canEditOthers(ctx.actor),
        exclusiveWrites: true,
        handler: async (params, ctx) => {
          const file = fileOf(ctx.raw);
          if (file === undefined || isBlank(file.bytes)) {
            throw new ApiError(
              'rest_import_no_data',
              'Send the iCalendar file as the body, with Content-Type: text/calendar.',
              400,
            );
          }
          return {
            body: await ctx.services.imports.run({
              kind: 'ics',
              file,
              dryRun: params.dry_run === true,
              options: {
                status: params.status,
                category: params.category,
                organizer: params.organizer,
              },
              actor: ctx.actor!,
              links: linksData(ctx.links),
            }),
          };
        },
        responses: { 200: { description: 'What was imported.', schema: icsImportReportSchema } },
      }),
    ],
  },
];
