/**
 * Media: uploaded images and external image URLs, and the `image` field of events, venues and
 * organizers (docs/contract/compat-notes.md §1.2, §7.3; docs/contract/decisions.md, Input). The server never fetches a URL: an
 * external image is kept as a media item that points at it.
 */
import { lstatSync, mkdirSync, mkdtempSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isPlainName } from '../../files.js';
import { canEditPost, canPublish, type Actor } from '../../../shared/roles.js';
import { isHttpUrl } from '../../../shared/schemas/fields.js';
import type { ImageWire } from '../../../shared/schemas/wire/index.js';
import type { MediaWire } from '../../../shared/schemas/wire/admin.js';
import { formatUtc } from '../../../shared/time.js';
import { invalidInput, Refused } from '../../errors.js';
import type { Links } from '../../http/links.js';
import type { CoreServices } from '../../core.js';
import { imageHostKind } from './image-host.js';
import { extensionOf, imageInfo, mimeForExtension } from './image-info.js';
import { presentImage, presentMedia } from './present.js';
import { createMediaStore, type MediaRow } from './store.js';

const DIGITS = /^\d+$/;
/** Where uploaded files are served from (server/resources/media/file-server.ts). */
export const MEDIA_PATH = '/media/';

export interface Upload {
  data: Buffer;
  contentType: string;
  /** From `Content-Disposition: attachment; filename=...`, when given. */
  filename?: string | undefined;
}

/** The uploaded file a URL of this server names (`…/media/<file>`), if it is one. */
function ownFileOf(url: string): string | undefined {
  const path = new URL(url).pathname;
  if (!path.startsWith(MEDIA_PATH)) return undefined;
  try {
    const file = decodeURIComponent(path.slice(MEDIA_PATH.length));
    return file === '' || file.includes('/') ? undefined : file;
  } catch {
    return undefined;
  }
}

/** A safe file name: the upload's own name reduced to ASCII letters, digits, `-` and `_`. */
function fileName(id: number, original: string | undefined, extension: string): string {
  const base = (original ?? '')
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .toLowerCase();
  return `${id}${base ? `-${base}` : ''}.${extension}`;
}

export function createMediaService(core: CoreServices) {
  const store = createMediaStore(core.db);
  let directory = core.config.mediaDir;
  let created = false;

  /** The media folder; a database without one (in memory) gets a temporary folder. */
  function mediaDirectory(): string {
    if (directory === '') directory = mkdtempSync(join(tmpdir(), 'almanac-media-'));
    if (!created) {
      mkdirSync(directory, { recursive: true });
      created = true;
    }
    return directory;
  }

  /** The item an image URL names: one of our files, or an external item already registered. */
  function findByUrl(url: string): MediaRow | undefined {
    const own = ownFileOf(url);
    const mine = own === undefined ? undefined : store.findByFile(own);
    return mine ?? store.findExternal(url);
  }

  function validateImage(
    input: unknown,
    actor: Actor | null,
    options: { allowEmpty: boolean },
  ): string | undefined {
    if (input === undefined) return undefined;
    const value = typeof input === 'number' ? String(input) : input;
    if (typeof value !== 'string') return 'image must be a media ID or an image URL.';
    const text = value.trim();
    if (text === '') {
      return options.allowEmpty ? undefined : 'image must be a media ID or an image URL.';
    }
    if (DIGITS.test(text)) {
      const id = Number(text);
      if (store.find(id)) return undefined;
      const kind = store.kindOf(id);
      return kind === undefined
        ? `image ${id} is not an uploaded image.`
        : `image ${id} is a ${kind}, not an image.`;
    }
    if (!isHttpUrl(text)) return 'image must be a media ID or an absolute http(s) image URL.';
    if (!canPublish(actor)) return 'You are not allowed to add images by URL.';
    const host = imageHostKind(new URL(text).hostname);
    if (host === 'unroutable') return 'image URL must name a host a browser can reach.';
    if (host === 'loopback' && !findByUrl(text)) {
      return 'image URL does not point at an image this server has.';
    }
    return undefined;
  }

  /**
   * The media id for a validated image value, registering an external URL on first use; `null`
   * for `""`. Synchronous, so callers run it inside their own write transaction.
   */
  function ensure(input: unknown, actorId: number | null): number | null {
    const value = typeof input === 'number' ? String(input) : input;
    if (typeof value !== 'string')
      throw invalidInput('image', 'image must be a media ID or an image URL.');
    const text = value.trim();
    if (text === '') return null;
    if (DIGITS.test(text)) {
      if (!store.find(Number(text)))
        throw invalidInput('image', `image ${text} is not an uploaded image.`);
      return Number(text);
    }
    if (!isHttpUrl(text)) throw invalidInput('image', 'image must be a media ID or an image URL.');
    const existing = findByUrl(text);
    if (existing) return existing.id;
    const extension = extensionOf(text);
    return store.insert({
      author: actorId,
      url: text,
      file: '',
      original_name: '',
      mime_type: mimeForExtension(extension),
      width: null,
      height: null,
      filesize: null,
      created_utc: formatUtc(core.clock.now()),
    });
  }

  function urlOf(row: MediaRow, links: Links): string {
    return row.file === '' ? row.url : links.site(`${MEDIA_PATH}${encodeURIComponent(row.file)}`);
  }

  /** The §1.2 `image` objects of these media ids, in one query. */
  function present(ids: readonly number[], links: Links): Map<number, ImageWire> {
    const unique = [...new Set(ids)];
    const out = new Map<number, ImageWire>();
    for (const row of store.findMany(unique)) out.set(row.id, presentImage(row, urlOf(row, links)));
    return out;
  }

  function upload(file: Upload, actor: Actor): MediaRow {
    if (file.data.length === 0) {
      throw new Refused('rest_upload_no_data', 'No data supplied.');
    }
    const info = imageInfo(file.data);
    if (!info) {
      throw new Refused(
        'rest_upload_invalid_type',
        'Sorry, this file type is not permitted: upload a PNG, JPEG, GIF or WebP image.',
      );
    }
    const dir = mediaDirectory();
    const id = store.insert(
      {
        author: actor.id,
        url: '',
        file: '',
        original_name: file.filename ?? '',
        mime_type: info.mime,
        width: info.width,
        height: info.height,
        filesize: file.data.length,
        created_utc: formatUtc(core.clock.now()),
      },
      (newId) => fileName(newId, file.filename, info.extension),
      (name) => {
        // The folder may have been removed while the server ran.
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, name), file.data, { flag: 'wx' });
      },
    );
    return store.find(id)!;
  }

  function registerExternal(url: string, actor: Actor): MediaRow {
    const problem = validateImage(url, actor, { allowEmpty: false });
    if (problem) throw invalidInput('url', problem);
    return store.find(ensure(url, actor.id)!)!;
  }

  /**
   * The path of a file of the media folder, for a name that stays inside it (a restored
   * database may hold any text in `file`, `../` included); undefined otherwise.
   */
  function filePath(name: string): string | undefined {
    return isPlainName(name) ? join(mediaDirectory(), name) : undefined;
  }

  function remove(id: number): MediaRow {
    const row = store.find(id)!;
    store.remove(id);
    const path = row.file === '' ? undefined : filePath(row.file);
    try {
      // A link is removed itself (unlink never follows one); a folder is left alone.
      if (path !== undefined && !lstatSync(path).isDirectory()) unlinkSync(path);
    } catch {
      // Already gone: the row was the only thing left to remove.
    }
    return row;
  }

  return {
    validateImage,
    ensure,
    present,
    find: (id: number): MediaRow | undefined => store.find(id),
    /** The uploaded item whose file has this name, when the name can be a file's at all. */
    findFile: (name: string): MediaRow | undefined =>
      isPlainName(name) ? store.findByFile(name) : undefined,
    filePath,
    /** The folder uploaded files live in (served under `/media/`). */
    directory: mediaDirectory,
    upload,
    registerExternal,
    list(page: number, perPage: number) {
      return store.page(perPage, (page - 1) * perPage);
    },
    remove,
    wire: (row: MediaRow, links: Links): MediaWire => presentMedia(row, urlOf(row, links)),
    /** Editors delete any item, authors their own; contributors none (WordPress `delete_post`). */
    canDelete: (actor: Actor | null, row: MediaRow): boolean =>
      canPublish(actor) && canEditPost(actor, { author: row.author ?? 0, status: 'publish' }),
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
