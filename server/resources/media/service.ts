/**
 * Media: uploaded images and external image URLs, and the `image` field of events, venues and
 * organizers (docs/contract/compat-notes.md §1.2, §7.3; docs/contract/decisions.md, Input). The server never fetches a URL: an
 * external image is kept as a media item that points at it.
 *
 * The rows go through the storage ports; the files stay in the media folder, handled here. What
 * events, venues and organizers call inside their own writes (`validateImage`, `ensure`,
 * `present`) is written once as steps (storage/steps.ts) and offered synchronously, for the
 * synchronous transactions not yet behind the ports, and on the ports (`onPorts`).
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
import type { MediaReader, MediaRepository, MediaRow } from '../../storage/media.js';
import type { StoragePorts } from '../../storage/storage.js';
import { calls, runAsync, type Steps } from '../../storage/steps.js';
import { imageHostKind } from './image-host.js';
import { extensionOf, imageInfo, mimeForExtension } from './image-info.js';
import { presentImage, presentMedia } from './present.js';

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

const reads = calls<MediaReader>();
const writes = calls<MediaRepository>();

/** The item an image URL names: one of our files, or an external item already registered. */
function* findByUrl(url: string): Steps<MediaReader, MediaRow | undefined> {
  const own = ownFileOf(url);
  const mine = own === undefined ? undefined : yield* reads.findByFile(own);
  return mine ?? (yield* reads.findExternal(url));
}

/** Why an `image` value is unacceptable, or `undefined` when it is fine. */
function* validateImage(
  input: unknown,
  actor: Actor | null,
  options: { allowEmpty: boolean },
): Steps<MediaReader, string | undefined> {
  if (input === undefined) return undefined;
  const value = typeof input === 'number' ? String(input) : input;
  if (typeof value !== 'string') return 'image must be a media ID or an image URL.';
  const text = value.trim();
  if (text === '') {
    return options.allowEmpty ? undefined : 'image must be a media ID or an image URL.';
  }
  if (DIGITS.test(text)) {
    const id = Number(text);
    if (yield* reads.find(id)) return undefined;
    const kind = yield* reads.kindOf(id);
    return kind === undefined
      ? `image ${id} is not an uploaded image.`
      : `image ${id} is a ${kind}, not an image.`;
  }
  if (!isHttpUrl(text)) return 'image must be a media ID or an absolute http(s) image URL.';
  if (!canPublish(actor)) return 'You are not allowed to add images by URL.';
  const host = imageHostKind(new URL(text).hostname);
  if (host === 'unroutable') return 'image URL must name a host a browser can reach.';
  if (host === 'loopback' && !(yield* findByUrl(text))) {
    return 'image URL does not point at an image this server has.';
  }
  return undefined;
}

/**
 * The media id for a validated image value, registering an external URL on first use; `null`
 * for `""`.
 */
function* ensure(
  input: unknown,
  actorId: number | null,
  nowUtc: string,
): Steps<MediaRepository, number | null> {
  const value = typeof input === 'number' ? String(input) : input;
  if (typeof value !== 'string')
    throw invalidInput('image', 'image must be a media ID or an image URL.');
  const text = value.trim();
  if (text === '') return null;
  if (DIGITS.test(text)) {
    if (!(yield* reads.find(Number(text))))
      throw invalidInput('image', `image ${text} is not an uploaded image.`);
    return Number(text);
  }
  if (!isHttpUrl(text)) throw invalidInput('image', 'image must be a media ID or an image URL.');
  const existing = yield* findByUrl(text);
  if (existing) return existing.id;
  return yield* writes.insert({
    author: actorId,
    url: text,
    file: '',
    original_name: '',
    mime_type: mimeForExtension(extensionOf(text)),
    width: null,
    height: null,
    filesize: null,
    created_utc: nowUtc,
  });
}

function urlOf(row: MediaRow, links: Links): string {
  return row.file === '' ? row.url : links.site(`${MEDIA_PATH}${encodeURIComponent(row.file)}`);
}

/** The §1.2 `image` objects of these media ids, in one query. */
function* present(
  ids: readonly number[],
  links: Links,
): Steps<MediaReader, Map<number, ImageWire>> {
  const out = new Map<number, ImageWire>();
  for (const row of yield* reads.findMany([...new Set(ids)])) {
    out.set(row.id, presentImage(row, urlOf(row, links)));
  }
  return out;
}

/** The repositories the port forms take: a unit of work's, or the read side for the reads. */
interface MediaReads {
  media: MediaReader;
}
interface MediaWrites {
  media: MediaRepository;
}

export function createMediaService(core: CoreServices, storage: StoragePorts<'media', 'media'>) {
  const read = storage.read.media;
  const now = () => formatUtc(core.clock.now());
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

  async function upload(file: Upload, actor: Actor): Promise<MediaRow> {
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
    const item = {
      author: actor.id,
      url: '',
      file: '',
      original_name: file.filename ?? '',
      mime_type: info.mime,
      width: info.width,
      height: info.height,
      filesize: file.data.length,
      created_utc: now(),
    };
    return storage.write(async (uow) => {
      const id = await uow.media.insert(item, (newId) =>
        fileName(newId, file.filename, info.extension),
      );
      const row = (await uow.media.find(id))!;
      // The file is named after the id, so it is written once the row has one, inside the unit
      // of work: a failed write rolls the row back. Synchronous, so the unit awaits nothing but
      // its repositories. The folder may have been removed while the server ran.
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, row.file), file.data, { flag: 'wx' });
      return row;
    });
  }

  async function registerExternal(url: string, actor: Actor): Promise<MediaRow> {
    const createdUtc = now();
    return storage.write(async (uow) => {
      const problem = await runAsync(validateImage(url, actor, { allowEmpty: false }), uow.media);
      if (problem) throw invalidInput('url', problem);
      return (await uow.media.find(
        (await runAsync(ensure(url, actor.id, createdUtc), uow.media))!,
      ))!;
    });
  }

  /**
   * The path of a file of the media folder, for a name that stays inside it (a restored
   * database may hold any text in `file`, `../` included); undefined otherwise.
   */
  function filePath(name: string): string | undefined {
    return isPlainName(name) ? join(mediaDirectory(), name) : undefined;
  }

  async function remove(id: number): Promise<MediaRow> {
    const row = await storage.write(async (uow) => {
      const current = await uow.media.find(id);
      if (!current) throw invalidInput('id', 'id is not a media ID.');
      await uow.media.remove(id);
      return current;
    });
    // The file goes once the row is gone for good.
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
    /** The §1.2 `image` objects of these media ids, read in one read through the read side. */
    images: (ids: readonly number[], links: Links) => runAsync(present(ids, links), read),

    /**
     * The same on the storage ports: `uow` is a unit of work's repositories (`ensure` writes),
     * or for the reads also the read side (`storage.read`).
     */
    onPorts: {
      validateImage: (
        repos: MediaReads,
        input: unknown,
        actor: Actor | null,
        options: { allowEmpty: boolean },
      ) => runAsync(validateImage(input, actor, options), repos.media),
      ensure: (uow: MediaWrites, input: unknown, actorId: number | null) =>
        runAsync(ensure(input, actorId, now()), uow.media),
      present: (repos: MediaReads, ids: readonly number[], links: Links) =>
        runAsync(present(ids, links), repos.media),
    },

    /** `validateImage` on the read side: a request's checks, before its write. */
    checkImage: (input: unknown, actor: Actor | null, options: { allowEmpty: boolean }) =>
      runAsync(validateImage(input, actor, options), read),
    find: (id: number): Promise<MediaRow | undefined> => read.find(id),
    /** The uploaded item whose file has this name, when the name can be a file's at all. */
    findFile: async (name: string): Promise<MediaRow | undefined> =>
      isPlainName(name) ? read.findByFile(name) : undefined,
    filePath,
    /** The folder uploaded files live in (served under `/media/`). */
    directory: mediaDirectory,
    upload,
    registerExternal,
    list: (page: number, perPage: number) => read.page(perPage, (page - 1) * perPage),
    remove,
    wire: (row: MediaRow, links: Links): MediaWire => presentMedia(row, urlOf(row, links)),
    /** Editors delete any item, authors their own; contributors none (WordPress `delete_post`). */
    canDelete: (actor: Actor | null, row: MediaRow): boolean =>
      canPublish(actor) && canEditPost(actor, { author: row.author ?? 0, status: 'publish' }),
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
