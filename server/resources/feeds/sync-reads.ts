/**
 * The feeds' repository (storage/feeds.ts) in its synchronous form, for the code that still
 * reads and writes it inside synchronous work: a series' entries while a feed is planned
 * (series.ts), the import's and CalDAV's UID bookkeeping inside their writes. It comes from
 * `core.syncRepositories` (docs/architecture.md, "Storage ports") and goes with it.
 */
import type { CoreServices } from '../../core.js';

export type FeedStore = CoreServices['syncRepositories']['feeds'];
