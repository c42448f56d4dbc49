/** Moving SQLite's content version (../content-version.ts): its row, to a new random value. */
import type { Db } from '../../db/open.js';
import { moveContentVersion } from '../../db/content-version.js';
import type { ContentVersionRepository } from '../content-version.js';
import type { Sync } from './repository.js';

export function sqliteContentVersion(db: Db): Sync<ContentVersionRepository> {
  return { move: () => moveContentVersion(db) };
}
