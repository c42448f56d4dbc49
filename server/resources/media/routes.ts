/** Admin namespace: media upload, list, read and delete. */
import { z } from 'zod';
import { canEditPosts, canPublish } from '../../../shared/roles.js';
import { positiveInt } from '../../../shared/schemas/coerce.js';
import { mediaExternalSchema, mediaListSchema } from '../../../shared/schemas/media.js';
import { ApiError } from '../../http/errors.js';
import type { RequestContext } from '../../http/context.js';
import { endpoint, type RouteDef } from '../../http/route.js';
import { rowLookup } from '../../http/row-lookup.js';
import { uploadOf } from './upload.js';

const mediaId = z.object({
  id: positiveInt.meta({ type: 'integer', description: 'The media ID.' }),
});
const item = rowLookup((params: { id: number }, ctx: RequestContext) =>
  ctx.services.media.find(params.id),
);
const exists = async (params: { id: number }, ctx: RequestContext) =>
  (await item.of(params, ctx)) ? undefined : { id: 'id is not a media ID.' };

export const mediaRoutes: RouteDef[] = [
  {
    path: '/media',
    endpoints: [
      endpoint({
        methods: ['GET'],
        summary: 'List media items, newest first.',
        args: mediaListSchema,
        permission: (ctx) => canEditPosts(ctx.actor),
        handler: async (params, ctx) => {
          const { media } = ctx.services;
          const { rows, total } = await media.list(params.page, params.per_page);
          const pages = Math.ceil(total / params.per_page);
          return {
            body: {
              media: rows.map((row) => media.wire(row, ctx.links)),
              total,
              total_pages: pages,
            },
            headers: { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(pages) },
          };
        },
      }),
      endpoint({
        methods: ['POST'],
        summary:
          'Upload an image (the body is the file, Content-Type image/*, optional Content-Disposition filename), or register an external image URL with a JSON body {url}.',
        args: mediaExternalSchema,
        permission: (ctx) => canPublish(ctx.actor),
        handler: async (params, ctx) => {
          const { media } = ctx.services;
          const upload = uploadOf(ctx.raw);
          const row = upload
            ? await media.upload(upload, ctx.actor!)
            : params.url !== undefined
              ? await media.registerExternal(params.url, ctx.actor!)
              : undefined;
          if (!row) throw new ApiError('rest_upload_no_data', 'No data supplied.', 400);
          return { status: 201, body: media.wire(row, ctx.links) };
        },
      }),
    ],
  },
  {
    path: '/media/(?P<id>\\d+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        summary: 'Read a media item.',
        args: mediaId,
        check: exists,
        permission: (ctx) => canEditPosts(ctx.actor),
        handler: (params, ctx) => ({
          body: ctx.services.media.wire(item.found(params), ctx.links),
        }),
      }),
      endpoint({
        methods: ['DELETE'],
        summary: 'Delete a media item for good; events, venues and organizers using it lose it.',
        args: mediaId,
        check: exists,
        permission: (ctx, params) => ctx.services.media.canDelete(ctx.actor, item.found(params)),
        // Again inside the delete's unit of work, on the row as it is then: a row gone since the
        // check is nobody's to delete.
        permissionInWrite: async (ctx, params) => {
          const row = await item.of(params, ctx);
          return row !== undefined && ctx.services.media.canDelete(ctx.actor, row);
        },
        handler: async (params, ctx) => {
          const { media } = ctx.services;
          const row = await media.remove(params.id);
          return { body: { deleted: true, previous: media.wire(row, ctx.links) } };
        },
      }),
    ],
  },
];
