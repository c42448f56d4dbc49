/**
 * The media files of a move: from the source's media folder to the destination's, in the data
 * folder's layout (`almanac.db` beside `media/`). Only regular files are copied, as a backup
 * does (files.ts): a link in the folder is never followed out of it.
 */
import { existsSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { copyRegularFiles } from '../files.js';
import { MoveRefused } from './copy.js';

/** The real path of a folder, or of the place it would be made at. */
function realFolder(path: string): string {
  return existsSync(path) ? realpathSync(path) : resolve(path);
}

export interface MediaPlan {
  from: string;
  to: string;
  /** Both name one folder (a move to PostgreSQL from the data folder its nodes use). */
  same: boolean;
}

/** Refuses a destination folder that already holds files, before anything is written. */
export function planMedia(from: string, to: string): MediaPlan {
  const same = realFolder(from) === realFolder(to);
  if (!same && existsSync(to) && readdirSync(to).length > 0)
    throw new MoveRefused(
      `The destination's media folder ${to} is not empty: a move copies media only into an empty folder.`,
    );
  return { from, to, same };
}

/** Copies the files; returns their names, for `removeMedia` if the database copy fails. */
export async function copyMedia(plan: MediaPlan): Promise<string[]> {
  if (plan.same || !existsSync(plan.from)) return [];
  // The configured folder itself may be a link (to another disk, say): that one is followed.
  return copyRegularFiles(realpathSync(plan.from), plan.to);
}

export function removeMedia(plan: MediaPlan, names: readonly string[]): void {
  for (const name of names) rmSync(join(plan.to, name), { force: true });
}
