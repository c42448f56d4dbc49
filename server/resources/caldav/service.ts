/**
 * CalDAV (docs/contract/extensions.md §E6): the calendar's objects (objects.ts) and writes
 * (write.ts), built from the events, feeds and sync services.
 */
import type { CoreServices } from '../../core.js';
import { createObjects, type ObjectDeps } from './objects.js';
import { createWriter } from './write.js';

export function createCaldavService(core: CoreServices, deps: ObjectDeps) {
  const store = core.syncRepositories.caldav;
  const objects = createObjects(core, deps, store);
  const writer = createWriter(core, deps, store, core.syncRepositories.feeds, objects);
  return { ...objects, put: writer.put, remove: writer.remove };
}

export type CaldavService = ReturnType<typeof createCaldavService>;
