/**
 * Form state with validation from the same zod schemas the server uses, and room for the
 * server's own per-field messages (`data.params`) next to the same fields.
 */
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { ApiFailure } from '../api/client';

export type Values = Record<string, unknown>;
export type Errors = Record<string, string>;

export function zodErrors(schema: z.ZodType, values: unknown): Errors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '_');
    errors[key] ??= sentence(issue.message);
  }
  return errors;
}

/** Shared schemas phrase messages as "must be …", to follow the field's label. */
function sentence(message: string): string {
  if (/^(must|may)\b/.test(message)) return `This ${message}`;
  return message.charAt(0).toUpperCase() + message.slice(1);
}

export function serverErrors(error: unknown): Errors {
  return error instanceof ApiFailure ? error.fields : {};
}

export function useForm<V extends Values>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [dirty, setDirty] = useState(false);
  const set = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((all) => ({ ...all, [name]: value }));
    setErrors((all) =>
      name in all ? Object.fromEntries(Object.entries(all).filter(([key]) => key !== name)) : all,
    );
    setDirty(true);
  }, []);
  const reset = useCallback((next: V) => {
    setValues(next);
    setErrors({});
    setDirty(false);
  }, []);
  return { values, set, errors, setErrors, reset, dirty, setDirty };
}

/** Only what changed since the form was loaded: updates merge on the server (docs/contract/decisions.md 1). */
export function changed(initial: Values, values: Values): Values {
  const out: Values = {};
  for (const [key, value] of Object.entries(values)) {
    if (JSON.stringify(value) !== JSON.stringify(initial[key])) out[key] = value;
  }
  return out;
}
