/**
 * Admin namespace: export and import (docs/contract/extensions.md E4). The JSON export and the
 * import are for administrators (they carry every user and every draft); the CSV export for
 * editors and administrators, with the events listing's filters.
 */
import { z } from 'zod';
import { canEditOthers, isAdministrator } from '../../../shared/roles.js';
import { eventListSchema } from '../../../shared/schemas/event.js';
import {
  exportDocument,
  importArgs,
  remoteImportSchema,
} from '../../../shared/schemas/transfer.js';
import type { RequestContext } from '../../http/context.js';
import { withNamespace } from '../../http/links.js';
import { endpoint, type RouteDef } from '../../http/route.js';
import { eventsCsv } from './csv.js';
import { exportDocumentChunks } from './export.js';
import { documentBytes } from './import-body.js';

const adminOnly = (ctx: RequestContext) => isAdministrator(ctx.actor);

/** `almanac-20260615T120000Z` for a file name. */
const stamp = (at: Date) =>
  `almanac-${at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')}`;

const csvArgs = eventListSchema.omit({ page: true, per_page: true });

export const transferRoutes: RouteDef[] = [
  {
    path: '/export',
    endpoints: [
      endpoint({
        methods: ['GET'],
        summary:
          'Export everything as one JSON document: settings, users (no credentials), media metadata, categories, tags, venues, organizers and events.',
        args: z.object({}),
        permission: adminOnly,
        handler: (_params, ctx) => ({
          body: undefined,
          chunks: exportDocumentChunks(ctx.services),
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Content-Disposition': `attachment; filename="${stamp(ctx.services.clock.now())}.json"`,
            'Cache-Control': 'no-store',
          },
        }),
      }),
    ],
  },
  {
    path: '/export/events.csv',
    endpoints: [
      endpoint({
        methods: ['GET'],
        summary:
          'Export events as CSV in the columns of the reference’s CSV importer, with the events listing’s filters.',
        args: csvArgs,
        check: (params, ctx) => ctx.services.events.listProblems({ ...params, page: 1 }, ctx.actor),
        permission: (ctx) => canEditOthers(ctx.actor),
        handler: (params, ctx) => ({
          body: undefined,
          chunks: eventsCsv(
            ctx.services.events.everyListed(
              { ...params, page: 1 },
              ctx.actor,
              withNamespace(ctx.links, 'calendar/events/v1'),
            ),
          ),
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="${stamp(ctx.services.clock.now())}-events.csv"`,
            'Cache-Control': 'no-store',
          },
        }),
      }),
    ],
  },
  {
    path: '/import',
    endpoints: [
      endpoint({
        methods: ['POST'],
        summary:
          'Import an export document in one transaction: ids kept into an empty calendar, new ids (with every link following) otherwise.',
        args: exportDocument.extend(importArgs),
        permission: adminOnly,
        exclusiveWrites: true,
        handler: async ({ dry_run: dryRun, format: _f, version: _v, ...doc }, ctx) => {
          // A JSON body travels as bytes to the import worker, which reads it (import-body.ts).
          const bytes = documentBytes(ctx.raw);
          const document = bytes ? { bytes, dryRun: ctx.raw.dry_run } : { doc, dryRun };
          return { body: await ctx.services.transfer.importDocument(document, ctx.actor!) };
        },
      }),
    ],
  },
  {
    path: '/import/remote',
    endpoints: [
      endpoint({
        methods: ['POST'],
        summary:
          'Import every category, tag, venue, organizer and event of a site that serves the reference API; again later, only what changed.',
        args: remoteImportSchema,
        permission: adminOnly,
        exclusiveWrites: true,
        handler: async (params, ctx) => ({
          body: await ctx.services.transfer.importRemote(
            params,
            ctx.actor!,
            withNamespace(ctx.links, 'calendar/events/v1'),
          ),
        }),
      }),
    ],
  },
];
