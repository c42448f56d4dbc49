/**
 * The events aggregate, as far as it is behind the ports yet: scheduled publishing
 * (resources/events/publisher.ts). The rest of the events' reads and writes are still in
 * resources/events/store.ts and listing-store.ts (docs/architecture.md, "Storage ports").
 */

export interface EventsReader {
  /** The earliest publication date (UTC) of an event still stored as scheduled. */
  earliestScheduled(): Promise<string | undefined>;
}

export interface EventsRepository extends EventsReader {
  /** Stores `publish` on the scheduled events due by `nowUtc`; how many. */
  publishDue(nowUtc: string): Promise<number>;
}
