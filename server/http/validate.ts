/**
 * Turns raw request parameters into an endpoint's typed arguments, reporting every problem at
 * once in the reference's two error kinds: missing required arguments first, then invalid ones.
 */
import type { z } from 'zod';
import { invalidParams, missingParams } from './errors.js';

function messageFor(name: string, issue: z.core.$ZodIssue): string {
  const text = issue.message;
  // A message that already says what is wrong with which part (an event's venue or organizer
  // entries, shared/schemas/event-links.ts) is reported as written.
  if (issue.code === 'custom' && issue.params?.standalone === true) return text;
  return /^[a-z]/.test(text) ? `${name} ${text}` : `${name}: ${text}`;
}

export function parseArgs<S extends z.ZodObject>(
  schema: S,
  raw: Record<string, unknown>,
): z.output<S> {
  const shape = schema.shape as Record<string, z.ZodType>;
  const missing: string[] = [];
  // What an absent argument parses to (its default, or nothing), kept for the second pass.
  const absent = new Map<string, z.ZodSafeParseResult<unknown>>();
  for (const [name, field] of Object.entries(shape)) {
    if (raw[name] !== undefined) continue;
    const result = field.safeParse(undefined);
    if (result.success) absent.set(name, result);
    else missing.push(name);
  }
  if (missing.length > 0) throw missingParams(missing);

  const problems: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) {
    const result = absent.get(name) ?? field.safeParse(raw[name]);
    if (result.success) {
      if (result.data !== undefined) values[name] = result.data;
    } else {
      problems[name] = messageFor(name, result.error.issues[0]!);
    }
  }
  if (Object.keys(problems).length > 0) throw invalidParams(problems);
  return values as z.output<S>;
}
