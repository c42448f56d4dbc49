/**
 * The `recurrence` payload field and the `scope` parameter of docs/contract/extensions.md §E1, as zod schemas
 * for the event payloads (validation, the OpenAPI document and the console's forms).
 */
import { z } from 'zod';
import { RECURRENCE_LIMITS } from './limits.js';
import { parseRecurrence, RecurrenceError, type Recurrence } from './lines.js';

const SHAPE_MESSAGE = 'must be a list of RFC 5545 lines (RRULE, EXDATE, RDATE) or one such line.';

/** Lines as given (an array or one string) → the parsed recurrence; `[]` or `""` ends it. */
export const recurrenceField = z
  .unknown()
  .transform((value, ctx): Recurrence => {
    const lines =
      typeof value === 'string'
        ? value
        : Array.isArray(value) && value.every((line) => typeof line === 'string')
          ? (value as string[])
          : undefined;
    if (lines === undefined) {
      ctx.addIssue({ code: 'custom', message: SHAPE_MESSAGE });
      return z.NEVER;
    }
    try {
      return parseRecurrence(lines);
    } catch (error) {
      if (!(error instanceof RecurrenceError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message });
      return z.NEVER;
    }
  })
  .meta({
    type: 'array',
    items: { type: 'string' },
    maxItems: RECURRENCE_LIMITS.maxLines,
    description:
      'How the event repeats: RFC 5545 RRULE, EXDATE and RDATE lines (FREQ DAILY to YEARLY); ' +
      'an empty list ends the recurrence.',
  });

export const SCOPES = ['this', 'following', 'all', 'series'] as const;
export type Scope = (typeof SCOPES)[number];

/** Which occurrences of a series an update or a delete applies to. */
export const scopeField = z
  .enum(SCOPES, { message: `must be one of ${SCOPES.join(', ')}.` })
  .default('this')
  .meta({
    description:
      'For an occurrence of a series: this one only, this one and the later ones (the series ' +
      'is split), all of them, or series: every part of a series that splits made (its ' +
      'series_parts), for changes other than dates, times and the rule.',
  });
