/** Media rows as the API shows them: the §1.2 `image` object and the admin media item. */
import type { ImageWire } from '../../../shared/schemas/wire/index.js';
import type { MediaWire } from '../../../shared/schemas/wire/admin.js';
import { extensionOf } from './image-info.js';
import type { MediaRow } from '../../storage/media.js';

function extension(row: MediaRow, url: string): string {
  return extensionOf(row.file !== '' ? row.file : url);
}

/** `{url, id, extension, width?, height?, filesize?}`: empty entries dropped (docs/contract/compat-notes.md §1.2). */
export function presentImage(row: MediaRow, url: string): ImageWire {
  const image: ImageWire = { url, id: row.id, extension: extension(row, url) };
  if (row.width) image.width = row.width;
  if (row.height) image.height = row.height;
  if (row.filesize) image.filesize = row.filesize;
  return image;
}

export function presentMedia(row: MediaRow, url: string): MediaWire {
  return {
    id: row.id,
    url,
    file: row.file,
    external: row.file === '',
    mime_type: row.mime_type,
    extension: extension(row, url),
    width: row.width,
    height: row.height,
    filesize: row.filesize,
    author: row.author,
    date_utc: row.created_utc,
  };
}
