/** Tiny image files for upload tests: only the headers the server reads. */
export function pngBytes(width: number, height: number): Buffer {
  const data = Buffer.alloc(45);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(data, 0);
  data.writeUInt32BE(13, 8);
  data.write('IHDR', 12, 'latin1');
  data.writeUInt32BE(width, 16);
  data.writeUInt32BE(height, 20);
  return data;
}

export function gifBytes(width: number, height: number): Buffer {
  const data = Buffer.alloc(20);
  data.write('GIF89a', 0, 'latin1');
  data.writeUInt16LE(width, 6);
  data.writeUInt16LE(height, 8);
  return data;
}

export function jpegBytes(width: number, height: number): Buffer {
  // SOI, an APP0 segment to skip, then SOF0 with the dimensions.
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof = [0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 255, width >> 8, width & 255, 3];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof, ...new Array(12).fill(0)]);
}

export function webpBytes(width: number, height: number): Buffer {
  const data = Buffer.alloc(30);
  data.write('RIFF', 0, 'latin1');
  data.writeUInt32LE(22, 4);
  data.write('WEBP', 8, 'latin1');
  data.write('VP8X', 12, 'latin1');
  data.writeUInt32LE(10, 16);
  data.writeUIntLE(width - 1, 24, 3);
  data.writeUIntLE(height - 1, 27, 3);
  return data;
}

/** Uploads raw bytes the way a client of the media endpoint does. */
export async function upload(
  url: string,
  auth: string | undefined,
  data: Buffer,
  type = 'image/png',
  filename?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { 'content-type': type };
  if (auth) headers.authorization = auth;
  if (filename) headers['content-disposition'] = `attachment; filename="${filename}"`;
  const response = await fetch(url, { method: 'POST', headers, body: new Uint8Array(data) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
