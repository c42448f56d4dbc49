/**
 * The events' row type, for the listing's stores until they are behind the storage ports: the
 * events aggregate is storage/events.ts (docs/architecture.md, "Storage ports").
 */
export type { EventRow } from '../../storage/events.js';
