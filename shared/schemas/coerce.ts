/**
 * Input coercions shared by every schema. Requests arrive as JSON, form-encoded bodies or query
 * strings, so numbers and booleans may be strings; these accept what the reference accepts.
 */
import { z } from 'zod';

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off', '']);

/** Parses a boolean-like value; `undefined` when it is not one. */
export function parseBooleanLike(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  return undefined;
}

/** A JSON boolean or a boolean-like string (`true`, `1`, `yes`, `on` and their opposites). */
export const booleanLike = z
  .union([z.boolean(), z.string(), z.number()])
  .transform((value, ctx) => {
    const parsed = parseBooleanLike(value);
    if (parsed === undefined) {
      ctx.addIssue({ code: 'custom', message: 'must be a boolean (true/false, 1/0, yes/no).' });
      return z.NEVER;
    }
    return parsed;
  });

const INTEGER = /^\s*-?\d+\s*$/;

/** An integer given as a number or a string of digits. */
export const integerLike = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const n = typeof value === 'number' ? value : INTEGER.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) {
    ctx.addIssue({ code: 'custom', message: 'must be an integer.' });
    return z.NEVER;
  }
  return n;
});

/** A positive integer (page numbers, ids). The `.meta()` bounds are what the OpenAPI document states. */
export const positiveInt = integerLike
  .refine((n) => n > 0, 'must be a positive integer.')
  .meta({ minimum: 1 });

/** A non-empty string, trimmed; `""` is invalid as in the reference's `is_string` validators. */
export const nonEmptyString = z
  .string()
  .transform((s) => s.trim())
  .refine((s) => s.length > 0, 'must be a non-empty string.')
  .meta({ minLength: 1, pattern: '\\S' });

/** A number given as a JSON number or a numeric string. */
export const numberLike = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
  if (!Number.isFinite(n)) {
    ctx.addIssue({ code: 'custom', message: 'must be a number.' });
    return z.NEVER;
  }
  return n;
});

/**
 * A list given as an array (`a[]=1&a[]=2`, JSON) or as comma-separated text (`a=1,2`); each
 * element is trimmed and empty elements are dropped.
 */
export function listOf<T extends z.ZodType>(item: T) {
  return z
    .union([z.array(z.union([z.string(), z.number()])), z.string(), z.number()])
    .transform((value) => {
      const parts = Array.isArray(value)
        ? value
        : typeof value === 'number'
          ? [value]
          : value.split(',');
      return parts
        .map((part) => (typeof part === 'string' ? part.trim() : part))
        .filter((part) => part !== '');
    })
    .pipe(z.array(item) as unknown as z.ZodType<z.output<T>[], (string | number)[]>);
}

/** One id or a list of ids, as in `include`, `venue`, `organizer`. */
export const idList = listOf(positiveInt);
