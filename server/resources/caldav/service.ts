/**
 * CalDAV (docs/contract/extensions.md §E6): the calendar's objects (objects.ts) and writes
 * (write.ts), built from the events, feeds and sync services.
 */
import type { CoreServices } from '../../core.js';
import { createObjects, type ObjectDeps } from './objects.js';
import { createWriter } from './write.js';

export function createCaldavService(
  core: Pick<CoreServices, 'storage' | 'settings'>,
  deps: ObjectDeps,
) {
  const objects = createObjects(core, deps);
  const writer = createWriter(core, deps, objects);
  return { ...objects, put: writer.put, remove: writer.remove };
}

export type CaldavService = ReturnType<typeof createCaldavService>;
