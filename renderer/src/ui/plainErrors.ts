/**
 * The API's errors in words a planner understands. The API keeps the reference's codes and
 * English messages (docs/contract/compat-notes.md §4), written for developers; the console
 * says what happened and what to do, and keeps the code beside it for reference.
 */
import { ApiFailure, messageOf } from '../api/client';
import { serverErrors, type Errors } from './form';

const FIELD_WORDS: Array<[RegExp, string]> = [
  [/must be a date|not a valid date|invalid date/i, 'Enter a date, such as 2026-05-01 18:00.'],
  [/is not a venue id/i, 'That venue no longer exists: choose another one.'],
  [/is not an organizer id/i, 'One of these organizers no longer exists: remove it.'],
  [/is not a (category|tag|term)/i, 'One of these no longer exists: remove it.'],
  [
    /absolute http\(s\) url/i,
    'Enter a full web address starting with https:// (or leave it empty).',
  ],
  [/non-empty string|is required|required/i, 'This cannot be empty.'],
  [/e-?mail/i, 'Enter an e-mail address such as name@example.org.'],
  [/time ?zone/i, 'Choose a time zone from the list, or an offset such as UTC+2.'],
  [/slug/i, 'Use only lowercase letters, digits and hyphens.'],
];

/** One field's message: a known case in plain words, else the server's sentence about "this". */
export function plainFieldMessage(name: string, message: string): string {
  for (const [pattern, words] of FIELD_WORDS) if (pattern.test(message)) return words;
  // "start_date must be …" reads as "This must be …" under the field's own label.
  const rest = message.startsWith(`${name} `) ? message.slice(name.length + 1) : message;
  if (/^(must|may|is|cannot|should)\b/.test(rest)) return `This ${rest}`;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** A whole answer's message, by status and code. */
export function plainMessage(error: unknown): string {
  if (!(error instanceof ApiFailure)) return messageOf(error);
  const { status, code } = error;
  if (status === 0)
    return 'Almanac could not be reached. Check that it is running, then try again: what you typed is still here.';
  if (code.endsWith('no-longer-available'))
    return 'This item is in the trash. Restore it before changing it.';
  if (code.endsWith('is-in-trash')) return 'This item is already in the trash.';
  if ((code === 'rest_forbidden' && status === 403) || code.endsWith('-not-accessible'))
    return 'Your role does not allow this. Ask an administrator if you need to do it.';
  if (code.endsWith('-not-found') && status === 404)
    return 'This item no longer exists: someone may have deleted it permanently.';
  if (status === 412) return 'Someone else changed this meanwhile. Reload to see their version.';
  if (status === 413) return 'This is too large for the server to accept.';
  if (status === 429) return 'Too many attempts in a short time. Wait a minute, then try again.';
  if (status >= 500)
    return 'Something went wrong on the server. What you typed is still here: try again in a moment.';
  if (code === 'rest_invalid_param' || code === 'rest_missing_callback_param')
    return 'Some values were not accepted: see the messages under the fields.';
  return error.message;
}

/** The server's messages for named fields, in plain words, to show under those fields. */
export function plainFieldErrors(error: unknown): Errors {
  return Object.fromEntries(
    Object.entries(serverErrors(error)).map(([name, message]) => [
      name,
      plainFieldMessage(name, message),
    ]),
  );
}
