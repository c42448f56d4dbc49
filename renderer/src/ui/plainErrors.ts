/**
 * The API's errors in words a planner understands. The API keeps the reference's codes and
 * English messages (docs/contract/compat-notes.md §4), written for developers; the console
 * says what happened and what to do, and keeps the code beside it for reference.
 */
import { ApiFailure, messageOf } from '../api/client';
import { serverErrors, type Errors } from './form';
import { t, type MessageKey } from '../i18n';

const FIELD_WORDS: Array<[RegExp, MessageKey]> = [
  [/must be a date|not a valid date|invalid date/i, 'errors.date'],
  [/is not a venue id/i, 'errors.venueGone'],
  [/is not an organizer id/i, 'errors.organizerGone'],
  [/is not a (category|tag|term)/i, 'errors.termGone'],
  [/absolute http\(s\) url/i, 'errors.url'],
  [/non-empty string|is required|required/i, 'errors.required'],
  [/e-?mail/i, 'errors.email'],
  [/time ?zone/i, 'errors.zone'],
  [/slug/i, 'errors.slug'],
];

/** One field's message: a known case in plain words, else the server's sentence about "this". */
export function plainFieldMessage(name: string, message: string): string {
  for (const [pattern, words] of FIELD_WORDS) if (pattern.test(message)) return t(words);
  // "start_date must be …" reads as "This must be …" under the field's own label.
  const rest = message.startsWith(`${name} `) ? message.slice(name.length + 1) : message;
  if (/^(must|may|is|cannot|should)\b/.test(rest)) return `This ${rest}`;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** A whole answer's message, by status and code. */
export function plainMessage(error: unknown): string {
  if (!(error instanceof ApiFailure)) return messageOf(error);
  const { status, code } = error;
  if (status === 0) return t('errors.unreachable');
  if (code.endsWith('no-longer-available')) return t('errors.inTrash');
  if (code.endsWith('is-in-trash')) return t('errors.alreadyInTrash');
  if ((code === 'rest_forbidden' && status === 403) || code.endsWith('-not-accessible'))
    return t('errors.forbidden');
  if (code.endsWith('-not-found') && status === 404) return t('errors.gone');
  if (status === 412) return t('errors.changed');
  if (status === 413) return t('errors.tooLarge');
  if (status === 429) return t('errors.tooMany');
  if (status >= 500) return t('errors.server');
  if (code === 'rest_invalid_param' || code === 'rest_missing_callback_param')
    return t('errors.fields');
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
