/**
 * Sync (docs/contract/extensions.md E3): the parameters of the change feed and the stream, and
 * their answers.
 */
import { z } from 'zod';
import { positiveInt } from './coerce.js';
import { optionalString } from './wire/common.js';

export const MAX_SYNC_PER_PAGE = 200;
export const DEFAULT_SYNC_PER_PAGE = 100;

export const SYNC_COLLECTIONS = ['events', 'venues', 'organizers', 'categories', 'tags'] as const;
export type SyncCollection = (typeof SYNC_COLLECTIONS)[number];

export const syncChangesSchema = z.object({
  sync_token: optionalString('The next_sync_token of an earlier sync: only what changed since.'),
  page_token: optionalString('The next_page_token of the previous page of this sync.'),
  per_page: positiveInt
    .transform((n) => Math.min(n, MAX_SYNC_PER_PAGE))
    .default(DEFAULT_SYNC_PER_PAGE)
    .meta({ type: 'integer', description: 'How many objects to read per page (at most 200).' }),
});

export const syncStreamSchema = z.object({
  last_event_id: z.string().optional().meta({
    description: 'Resume after this event ID (a sync token), like the Last-Event-ID header.',
  }),
});

const ids = z.array(z.number().int());

/** A page of changes; objects are those of the resource routes. */
export const syncPageSchema = z.object({
  events: z.array(z.record(z.string(), z.unknown())),
  venues: z.array(z.record(z.string(), z.unknown())),
  organizers: z.array(z.record(z.string(), z.unknown())),
  categories: z.array(z.record(z.string(), z.unknown())),
  tags: z.array(z.record(z.string(), z.unknown())),
  deleted: z.object({ events: ids, venues: ids, organizers: ids, categories: ids, tags: ids }),
  next_page_token: z.string().optional(),
  next_sync_token: z.string().optional(),
});
export type SyncPage = z.infer<typeof syncPageSchema>;

export const SYNC_KIND_NAMES = ['event', 'venue', 'organizer', 'category', 'tag'] as const;

/** The `data` of a stream's `change` event. */
export const syncChangeEventSchema = z.object({
  kind: z.enum(SYNC_KIND_NAMES),
  id: z.number().int(),
  action: z.enum(['created', 'updated', 'deleted']),
  sync_token: z.string(),
  by: z.object({ id: z.number().int(), name: z.string() }).optional(),
});
export type SyncChangeEvent = z.infer<typeof syncChangeEventSchema>;
