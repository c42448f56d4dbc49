/**
 * Event status (docs/contract/extensions.md §E7): whether an event still takes place, one
 * definition for the payloads, the wire shape, the OpenAPI document and the console.
 */
import { z } from 'zod';

export const EVENT_STATUSES = ['scheduled', 'canceled', 'postponed'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** The longest reason kept: a sentence or two shown beside the mark, not a description. */
export const MAX_STATUS_REASON = 500;

/** schema.org's EventStatusType member of each status, for JSON-LD `eventStatus`. */
export const SCHEMA_ORG_STATUS: Record<EventStatus, string> = {
  scheduled: 'EventScheduled',
  canceled: 'EventCancelled',
  postponed: 'EventPostponed',
};

export const eventStatusValue = z.enum(EVENT_STATUSES);

export const eventStatusInput = eventStatusValue.meta({
  description:
    'Whether the event takes place: scheduled (the default), canceled or postponed. A canceled or postponed event stays listed.',
});

export const eventStatusReasonInput = z
  .union([z.string(), z.number()])
  .transform((value) =>
    String(value)
      .replace(/<[^>]*>/g, '')
      .trim(),
  )
  .refine((value) => value.length <= MAX_STATUS_REASON, {
    message: `must be at most ${MAX_STATUS_REASON} characters.`,
  })
  .meta({
    type: 'string',
    maxLength: MAX_STATUS_REASON,
    description:
      'Why the event is canceled or postponed, as plain text; may be empty. Cleared when the status changes without a new reason.',
  });
