/** Admin namespace: iCalendar import (docs/contract/extensions.md §E2). Editors and administrators. */
import type { NextFunction, Request, Response } from 'express';
import express from 'express';
import { canEditOthers } from '../../../shared/roles.js';
import { icsImportReportSchema, icsImportSchema } from '../../../shared/schemas/feed.js';
import { ApiError } from '../../http/errors.js';
import { endpoint, type RouteDef } from '../../http/route.js';
import { IMPORT_MAX_BYTES } from './import.js';

/** The parameter the file travels under through the REST pipeline (see media/upload.ts). */
const ICS_PARAM = '__almanac_ics';

export const IMPORT_PATHS = [
  '/api/calendar/admin/v1/import/ics',
  '/wp-json/calendar/admin/v1/import/ics',
];

/** Reads a `text/calendar` body (up to 20 MB, a 413 beyond) for the import route only. */
export const icsBody = [
  express.text({
    type: ['text/calendar', 'text/plain', 'application/octet-stream'],
    limit: IMPORT_MAX_BYTES,
  }),
  (req: Request, _res: Response, next: NextFunction) => {
    if (typeof req.body === 'string') req.body = { [ICS_PARAM]: req.body };
    next();
  },
];

export const importRoutes: RouteDef[] = [
  {
    path: '/import/ics',
    endpoints: [
      endpoint({
        methods: ['POST'],
        summary:
          'Import an iCalendar file (the body, Content-Type text/calendar, up to 20 MB): events are matched by UID; dry_run=true reports without writing.',
        args: icsImportSchema,
        permission: (ctx) => canEditOthers(ctx.actor),
        handler: (params, ctx) => {
          const text = ctx.raw[ICS_PARAM];
          if (typeof text !== 'string' || text.trim() === '') {
            throw new ApiError(
              'rest_import_no_data',
              'Send the iCalendar file as the body, with Content-Type: text/calendar.',
              400,
            );
          }
          return {
            body: ctx.services.icsImport.run(
              text,
              { dryRun: params.dry_run === true },
              ctx.actor!,
              ctx.links,
            ),
          };
        },
        responses: { 200: { description: 'What was imported.', schema: icsImportReportSchema } },
      }),
    ],
  },
];
