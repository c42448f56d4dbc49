/**
 * What an uploaded file is, read from its first bytes rather than trusted from the request:
 * PNG, JPEG, GIF and WebP, with their pixel dimensions. Anything else is not an image we keep.
 */
export interface ImageInfo {
  mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  extension: 'png' | 'jpg' | 'gif' | 'webp';
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(data: Buffer, bytes: number[], at = 0): boolean {
  return data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
}

const ascii = (data: Buffer, at: number, length: number) =>
  data.toString('latin1', at, at + length);

function png(data: Buffer): ImageInfo | undefined {
  if (!startsWith(data, PNG_SIGNATURE) || data.length < 24 || ascii(data, 12, 4) !== 'IHDR') {
    return undefined;
  }
  return {
    mime: 'image/png',
    extension: 'png',
    width: data.readUInt32BE(16),
    height: data.readUInt32BE(20),
  };
}

function gif(data: Buffer): ImageInfo | undefined {
  const magic = ascii(data, 0, 6);
  if ((magic !== 'GIF87a' && magic !== 'GIF89a') || data.length < 10) return undefined;
  return {
    mime: 'image/gif',
    extension: 'gif',
    width: data.readUInt16LE(6),
    height: data.readUInt16LE(8),
  };
}

/** Start-of-frame markers carry the dimensions; DHT (C4), JPG (C8) and DAC (CC) do not. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpeg(data: Buffer): ImageInfo | undefined {
  if (!startsWith(data, [0xff, 0xd8, 0xff])) return undefined;
  let offset = 2;
  while (offset + 9 < data.length) {
    if (data[offset] !== 0xff) return undefined;
    const marker = data[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = data.readUInt16BE(offset + 2);
    if (SOF.has(marker)) {
      return {
        mime: 'image/jpeg',
        extension: 'jpg',
        height: data.readUInt16BE(offset + 5),
        width: data.readUInt16BE(offset + 7),
      };
    }
    if (length < 2) return undefined;
    offset += 2 + length;
  }
  return undefined;
}

function webp(data: Buffer): ImageInfo | undefined {
  if (ascii(data, 0, 4) !== 'RIFF' || ascii(data, 8, 4) !== 'WEBP' || data.length < 30) {
    return undefined;
  }
  const chunk = ascii(data, 12, 4);
  const base = { mime: 'image/webp', extension: 'webp' } as const;
  if (chunk === 'VP8 ') {
    if (!startsWith(data, [0x9d, 0x01, 0x2a], 23)) return undefined;
    return {
      ...base,
      width: data.readUInt16LE(26) & 0x3fff,
      height: data.readUInt16LE(28) & 0x3fff,
    };
  }
  if (chunk === 'VP8L') {
    if (data[20] !== 0x2f) return undefined;
    const bits = data.readUInt32LE(21);
    return { ...base, width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { ...base, width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1 };
  }
  return undefined;
}

/** The image in `data`, or `undefined` when it is not a PNG, JPEG, GIF or WebP we can read. */
export function imageInfo(data: Buffer): ImageInfo | undefined {
  const info = png(data) ?? jpeg(data) ?? gif(data) ?? webp(data);
  if (!info || info.width <= 0 || info.height <= 0) return undefined;
  return info;
}

const EXTENSION_MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  heic: 'image/heic',
};

/** The lower-case extension of a URL's or file's path, `""` when it has none. */
export function extensionOf(pathOrUrl: string): string {
  let path = pathOrUrl;
  try {
    path = new URL(pathOrUrl).pathname;
  } catch {
    // Not a URL: a plain file name.
  }
  const match = /\.([a-z0-9]{1,5})$/i.exec(path);
  return match ? match[1]!.toLowerCase() : '';
}

/** The MIME type an external image's extension suggests (no network: we never fetch it). */
export function mimeForExtension(extension: string): string {
  return EXTENSION_MIME[extension] ?? '';
}
