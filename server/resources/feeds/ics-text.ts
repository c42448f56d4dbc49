/**
 * An iCalendar file's bytes as the text its content lines hold. RFC 5545 §3.1 folds lines at 75
 * octets, not characters, so a fold may fall inside a multi-byte UTF-8 character (Apple Calendar
 * does this): lines are unfolded on the octets, and only then decoded. Decoding first would turn
 * each half of such a character into U+FFFD.
 */

const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;

/** The bytes with every fold (CRLF, or a bare LF, followed by one space or tab) removed. */
export function unfoldOctets(bytes: Uint8Array): Buffer {
  const source = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Buffer[] = [];
  let from = 0;
  let at = source.indexOf(LF);
  while (at !== -1) {
    const next = source[at + 1];
    if (next === SPACE || next === TAB) {
      const end = at > 0 && source[at - 1] === CR ? at - 1 : at;
      parts.push(source.subarray(from, end));
      from = at + 2;
    }
    at = source.indexOf(LF, at + 1);
  }
  if (parts.length === 0) return source;
  parts.push(source.subarray(from));
  return Buffer.concat(parts);
}

/** The file as text: unfolded, then decoded (UTF-8 unless the request names another charset). */
export function icsText(bytes: Uint8Array, charset = 'utf-8'): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(unfoldOctets(bytes));
}

/** Whether the file holds nothing but white space. */
export function isBlank(bytes: Uint8Array): boolean {
  return bytes.every((byte) => byte === SPACE || byte === TAB || byte === CR || byte === LF);
}

/** The line (1-based, in the file as sent, folds counted) where each VEVENT begins. */
export function veventLines(bytes: Uint8Array): number[] {
  // Latin-1 keeps one character per octet: line breaks and `BEGIN:VEVENT` are ASCII.
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const lines: number[] = [];
  text.split(/\r\n|\n|\r/).forEach((line, index) => {
    if (/^BEGIN:VEVENT\s*$/i.test(line)) lines.push(index + 1);
  });
  return lines;
}
