import type { MediaWire } from '../../../shared/schemas/wire';
import { admin, api } from './client';

/**
 * Sends a file to the media library as the admin media route takes it: the bytes as the body,
 * the name in Content-Disposition (quotes and backslashes dropped, which that header cannot
 * carry unescaped). Every upload of the console goes through here.
 */
export function uploadMedia(file: File): Promise<MediaWire> {
  return api<MediaWire>(admin('media'), {
    method: 'POST',
    raw: file,
    headers: {
      'content-type': file.type || 'application/octet-stream',
      'content-disposition': `attachment; filename="${file.name.replace(/["\\]/g, '')}"`,
    },
  });
}
