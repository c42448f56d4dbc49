/**
 * Files the server hands out or copies by name (media files, backups): only regular files, never
 * through a link. A link in one of these folders (put there by a restored backup, or by anyone
 * with access to the folder) would otherwise let a request read any file the server can.
 */
import {
  closeSync,
  constants,
  createReadStream,
  createWriteStream,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  type ReadStream,
  type Stats,
} from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

// Not defined on Windows, where the lstat/fstat comparison below still refuses a link.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * A file name that stays inside its folder: one path segment (no `/` or `\`), no dotfile (so
 * neither `.` nor `..`), no control character, at most 255 characters.
 */
export function isPlainName(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  return name.length > 0 && name.length <= 255 && !/^\.|[/\\\x00-\x1f\x7f]/.test(name);
}

export interface OpenedFile {
  fd: number;
  stat: Stats;
  /** Reads the whole file and closes it. */
  stream(): ReadStream;
  close(): void;
}

/**
 * Opens `path` for reading when it is a regular file and not a link; undefined otherwise (also
 * when it does not exist). The file opened is checked to be the one inspected, so a link swapped
 * in between is refused too.
 */
export function openRegularFile(path: string): OpenedFile | undefined {
  let before: Stats;
  try {
    before = lstatSync(path);
  } catch {
    return undefined;
  }
  if (!before.isFile()) return undefined;
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | NO_FOLLOW);
  } catch {
    return undefined;
  }
  const stat = fstatSync(fd);
  if (!stat.isFile() || stat.ino !== before.ino || stat.dev !== before.dev) {
    closeSync(fd);
    return undefined;
  }
  let closed = false;
  return {
    fd,
    stat,
    stream: () => {
      closed = true;
      return createReadStream('', { fd, autoClose: true });
    },
    close: () => {
      if (closed) return;
      closed = true;
      closeSync(fd);
    },
  };
}

/** Whether `path` is a folder itself, not a link to one. */
export function isRealFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Copies the regular files directly in `from` that `to` lacks into `to`; links, folders, other
 * kinds of files and names `isPlainName` refuses are left behind, and no file of `to` is
 * replaced. `from` must be a folder itself, not a link to one. Returns the names copied.
 */
export async function copyRegularFiles(from: string, to: string): Promise<string[]> {
  if (!isRealFolder(from)) return [];
  mkdirSync(to, { recursive: true });
  const copied: string[] = [];
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (!entry.isFile() || !isPlainName(entry.name)) continue;
    const source = openRegularFile(join(from, entry.name));
    if (!source) continue;
    try {
      // `wx`: never replaces a file, and never writes through a link already at the target.
      await pipeline(source.stream(), createWriteStream(join(to, entry.name), { flags: 'wx' }));
      copied.push(entry.name);
    } catch (error) {
      source.close();
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return copied;
}
