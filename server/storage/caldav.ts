/**
 * The CalDAV aggregate (migration 0020, docs/caldav.md): the names clients gave calendar objects
 * (an object is named by its head: an event, or a series' parent) and the iCalendar lines kept
 * per event, which the feeds' VEVENT does not show but a client expects back.
 */

export interface CaldavReader {
  /** The head of the object a client named so. */
  headByName(name: string): Promise<number | undefined>;
  /** The names given to these heads, by head (a head without one is absent). */
  names(heads: readonly number[]): Promise<Map<number, string>>;
  /** The lines kept for these events, by event. */
  kept(ids: readonly number[]): Promise<Map<number, string>>;
}

export interface CaldavRepository extends CaldavReader {
  /** Gives the object this name (a name left by a deleted object is taken over). */
  putName(head: number, name: string): Promise<void>;
  /** Keeps these lines for the event; '' keeps none. */
  putKept(id: number, lines: string): Promise<void>;
}
