/** A JSON object: not null, not an array (what a parsed body's `{…}` becomes). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
