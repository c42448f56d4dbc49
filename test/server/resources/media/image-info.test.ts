/** Reading image headers: known formats, and hostile or truncated bytes (never a throw). */
import { describe, expect, it } from 'vitest';
import { extensionOf, imageInfo } from '../../../../server/resources/media/image-info.js';
import { dispositionFileName } from '../../../../server/resources/media/upload.js';
import { gifBytes, jpegBytes, pngBytes, webpBytes } from './helpers.js';

describe('imageInfo', () => {
  it('reads PNG, JPEG, GIF and WebP dimensions', () => {
    expect(imageInfo(pngBytes(640, 480))).toEqual({
      mime: 'image/png',
      extension: 'png',
      width: 640,
      height: 480,
    });
    expect(imageInfo(jpegBytes(800, 600))).toEqual({
      mime: 'image/jpeg',
      extension: 'jpg',
      width: 800,
      height: 600,
    });
    expect(imageInfo(gifBytes(16, 9))).toEqual({
      mime: 'image/gif',
      extension: 'gif',
      width: 16,
      height: 9,
    });
    expect(imageInfo(webpBytes(1024, 768))).toEqual({
      mime: 'image/webp',
      extension: 'webp',
      width: 1024,
      height: 768,
    });
  });

  it('refuses everything else without throwing, whatever the bytes', () => {
    const samples = [
      Buffer.alloc(0),
      Buffer.from('GIF8'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('%PDF-1.7'),
      pngBytes(0, 10),
      pngBytes(10, 10).subarray(0, 20),
      jpegBytes(10, 10).subarray(0, 8),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x00, 0, 0, 0, 0, 0, 0]),
      webpBytes(10, 10).subarray(0, 16),
    ];
    for (const sample of samples) expect(imageInfo(sample)).toBeUndefined();
    for (let i = 0; i < 300; i++) {
      const random = Buffer.from(
        Array.from({ length: i % 64 }, () => Math.floor(Math.random() * 256)),
      );
      expect(() => imageInfo(random)).not.toThrow();
    }
  });

  it('reads extensions of URLs and file names', () => {
    expect(extensionOf('https://x.org/a/b.JPEG?x=1')).toBe('jpeg');
    expect(extensionOf('photo.png')).toBe('png');
    expect(extensionOf('https://x.org/image')).toBe('');
  });
});

describe('dispositionFileName', () => {
  it.each([
    ['attachment; filename="My Photo.png"', 'My Photo.png'],
    ['attachment; filename=plain.gif', 'plain.gif'],
    ["attachment; filename*=UTF-8''caf%C3%A9.jpg", 'café.jpg'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\x\\\\y.png"', 'y.png'],
    ['attachment', undefined],
  ])('%s', (header, name) => {
    expect(dispositionFileName(header)).toBe(name);
  });
});
