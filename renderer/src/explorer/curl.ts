/** A request as a copy-pasteable curl command (POSIX shell quoting). */
const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

export function toCurl(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
): string {
  const parts = ['curl', '-i'];
  if (method !== 'GET') parts.push('-X', method);
  parts.push(quote(url));
  for (const [name, value] of Object.entries(headers)) parts.push('-H', quote(`${name}: ${value}`));
  if (body !== undefined && body !== '') parts.push('--data-raw', quote(body));
  return parts.join(' ');
}
