/** `object` with only the given keys, in their order (key order is what JSON answers show). */
export function pick<T extends object, K extends keyof T>(
  object: T,
  keys: readonly K[],
): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) out[key] = object[key];
  return out;
}
