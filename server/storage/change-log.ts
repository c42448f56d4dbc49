/**
 * How the write path appends the change log (storage/changes.ts; docs/architecture.md, "The
 * change log"): every repository method that writes an event, venue, organizer or term, or a row
 * their representation shows, records the objects it changed in the same transaction, through
 * its engine's `ChangeLogStore` (storage/sqlite/change-log.ts, storage/postgres/change-log.ts).
 * No trigger does it: what a statement changes besides its own row (a foreign key's cascade, a
 * term's count) is found by the steps below before the statement runs, once for both engines.
 *
 * Each record replaces the object's previous change, which moves to the feed's end, so an object
 * written twice in one unit of work is reported once, at its last write, with the last action
 * (`created` then `updated` is `updated`, as a row inserted and then updated was).
 */
import { calls, type Steps } from './steps.js';
import type { SyncKind } from './changes.js';
import type { TermRow } from './terms.js';

export type PostKind = 'event' | 'venue' | 'organizer';

/** What a deleted object leaves in the log: its author and whether it was public. */
export interface GoneObject {
  kind: SyncKind;
  id: number;
  author: number | null;
  public: boolean;
}

/** What rows point at others, for the objects a write of the others changes. */
export type EventLink = 'venue' | 'organizer' | 'term' | 'parent' | 'series' | 'image' | 'author';

export interface ChangeLogStore {
  /**
   * Posts written by the caller's last statement, recorded from their rows as they are now, in
   * the order given; `wasPublic` for an update from a published status (the log remembers that an
   * object was ever public, to tell readers it is gone).
   */
  posts(
    kind: PostKind,
    ids: readonly number[],
    action: 'created' | 'updated',
    wasPublic?: boolean,
  ): Promise<void>;
  /** Events whose representation changed with what they show (a venue, an organizer, a term). */
  embedding(eventIds: readonly number[]): Promise<void>;
  terms(ids: readonly number[], action: 'created' | 'updated'): Promise<void>;
  gone(objects: readonly GoneObject[]): Promise<void>;

  /** The events, venues and organizers among `ids` as they are, before they are deleted. */
  goneRows(ids: readonly number[]): Promise<GoneObject[]>;
  /** Ids of the events whose `link` points at one of `ids`, in id order. */
  eventsLinked(link: EventLink, ids: readonly number[]): Promise<number[]>;
  /** Venues and organizers whose image or author is one of `ids`. */
  linkedPostsOf(
    link: 'image' | 'author',
    ids: readonly number[],
  ): Promise<Array<{ kind: 'venue' | 'organizer'; id: number }>>;
  /**
   * Terms linked to `eventIds` (of one taxonomy, or linked to a published one of them: the
   * terms whose count they move), once each, in id order.
   */
  termsOf(
    eventIds: readonly number[],
    only: { published?: boolean; taxonomy?: string },
  ): Promise<number[]>;
  /** Terms among `termIds` whose count the event moves: recorded if it is published now. */
  counted(eventId: number, termIds: readonly number[]): Promise<void>;
  /** The term's children, in id order. */
  childTerms(termId: number): Promise<number[]>;
}

const log = calls<ChangeLogStore>();

/** A write that cascades: what it changes besides its own rows, recorded once it has run. */
export type After = () => Steps<ChangeLogStore, void>;

function* venuesAndOrganizersWritten(
  posts: ReadonlyArray<{ kind: 'venue' | 'organizer'; id: number }>,
): Steps<ChangeLogStore, void> {
  for (const post of posts) {
    yield* log.posts(post.kind, [post.id], 'updated');
    yield* log.embedding(yield* log.eventsLinked(post.kind, [post.id]));
  }
}

/**
 * Before posts (`ids`, of any kind) are deleted with their cascades: the terms the published
 * events counted, the deleted objects, and the objects whose rows the foreign keys' actions
 * write (events of a venue, organizer, parent or image; venues and organizers of an image).
 */
export function* beforePostsDeleted(ids: readonly number[]): Steps<ChangeLogStore, After> {
  const gone = yield* log.goneRows(ids);
  const deleted = new Set(ids);
  const events = gone.filter((o) => o.kind === 'event').map((o) => o.id);
  const counted = yield* log.termsOf(events, { published: true });
  const keep = (list: number[]) => list.filter((id) => !deleted.has(id));
  const ofVenues = keep(
    yield* log.eventsLinked(
      'venue',
      gone.filter((o) => o.kind === 'venue').map((o) => o.id),
    ),
  );
  const ofOrganizers = keep(
    yield* log.eventsLinked(
      'organizer',
      gone.filter((o) => o.kind === 'organizer').map((o) => o.id),
    ),
  );
  const children = keep(yield* log.eventsLinked('parent', events));
  const ofImages = keep(yield* log.eventsLinked('image', ids));
  const imaged = (yield* log.linkedPostsOf('image', ids)).filter((p) => !deleted.has(p.id));
  return function* after() {
    yield* log.terms(counted, 'updated');
    yield* log.gone(gone);
    yield* log.posts('event', [...new Set([...ofVenues, ...children, ...ofImages])], 'updated');
    yield* log.embedding(ofOrganizers);
    yield* venuesAndOrganizersWritten(imaged);
  };
}

/** Before a user is deleted: the posts whose author the foreign key sets to none. */
export function* beforeUserDeleted(userId: number): Steps<ChangeLogStore, After> {
  const events = yield* log.eventsLinked('author', [userId]);
  const linked = yield* log.linkedPostsOf('author', [userId]);
  return function* after() {
    yield* log.posts('event', events, 'updated');
    yield* venuesAndOrganizersWritten(linked);
  };
}

/** Before a series is deleted: its events, whose series the foreign key sets to none. */
export function* beforeSeriesDeleted(seriesId: number): Steps<ChangeLogStore, After> {
  const events = yield* log.eventsLinked('series', [seriesId]);
  return function* after() {
    yield* log.posts('event', events, 'updated');
  };
}

/**
 * Before a term is deleted (its children already moved to its parent by `childrenMoved`): the
 * events that show it.
 */
export function* beforeTermDeleted(term: {
  id: number;
  taxonomy: string;
}): Steps<ChangeLogStore, After> {
  const events = yield* log.eventsLinked('term', [term.id]);
  return function* after() {
    yield* log.embedding(events);
    yield* log.gone([{ kind: term.taxonomy as SyncKind, id: term.id, author: null, public: true }]);
  };
}

/** What events show of a term: a change of one of these changes them too. */
export type ShownTerm = Pick<TermRow, 'name' | 'slug' | 'description' | 'parent'>;

export const shownChanged = (before: ShownTerm, after: ShownTerm): boolean =>
  before.name !== after.name ||
  before.slug !== after.slug ||
  before.description !== after.description ||
  before.parent !== after.parent;

export function* termsCreated(ids: readonly number[]): Steps<ChangeLogStore, void> {
  yield* log.terms(ids, 'created');
}

/**
 * A term written: the events that show it when what they show of it changed (`shown`), then the
 * term. A term is public: every change may be told to everyone.
 */
export function* termWritten(id: number, shown: boolean): Steps<ChangeLogStore, void> {
  if (shown) yield* log.embedding(yield* log.eventsLinked('term', [id]));
  yield* log.terms([id], 'updated');
}

/** Before a term's children move to another parent: their events and themselves, after. */
export function* beforeChildrenMoved(termId: number): Steps<ChangeLogStore, After> {
  const children = yield* log.childTerms(termId);
  return function* after() {
    for (const child of children) yield* termWritten(child, true);
  };
}

/**
 * An event's row written (`before` its status until then, undefined for a new one): the terms
 * whose count a move into or out of publication changes, then the event.
 */
export function* eventWritten(
  id: number,
  before: string | undefined,
  after: string,
): Steps<ChangeLogStore, void> {
  if (before !== undefined && (before === 'publish') !== (after === 'publish'))
    yield* log.terms(yield* log.termsOf([id], {}), 'updated');
  yield* log.posts(
    'event',
    [id],
    before === undefined ? 'created' : 'updated',
    before === 'publish',
  );
}

/**
 * A venue or organizer's row written (`before` its status until then, undefined for a new one):
 * it, then the events that show it.
 */
export function* linkedPostWritten(
  kind: 'venue' | 'organizer',
  id: number,
  before: string | undefined,
): Steps<ChangeLogStore, void> {
  if (before === undefined) {
    yield* log.posts(kind, [id], 'created');
    return;
  }
  yield* log.posts(kind, [id], 'updated', before === 'publish');
  yield* log.embedding(yield* log.eventsLinked(kind, [id]));
}

/**
 * Before an event's links of one kind are replaced (`removed` links dropped, `added` made):
 * terms counted by a published event move, and dropping a link changes the event. Runs the
 * terms' side after the links are written.
 */
export function* linksReplaced(
  eventId: number,
  removed: readonly number[],
  added: readonly number[],
  counted: boolean,
): Steps<ChangeLogStore, void> {
  if (counted && removed.length > 0) yield* log.counted(eventId, removed);
  if (removed.length > 0) yield* log.embedding([eventId]);
  if (counted && added.length > 0) yield* log.counted(eventId, added);
}

/** The terms of one taxonomy linked to an event. */
export function* termsLinked(eventId: number, taxonomy: string): Steps<ChangeLogStore, number[]> {
  return yield* log.termsOf([eventId], { taxonomy });
}

/** Events written by a statement of the caller (their status unchanged). */
export function* eventsWritten(ids: readonly number[]): Steps<ChangeLogStore, void> {
  yield* log.posts('event', ids, 'updated');
}

/** Events published by the scheduler (from `future`): the terms they now count, then them. */
export function* eventsPublished(ids: readonly number[]): Steps<ChangeLogStore, void> {
  if (ids.length === 0) return;
  yield* log.terms(yield* log.termsOf(ids, {}), 'updated');
  yield* log.posts('event', ids, 'updated');
}

/** The events that link to a venue or organizer. */
export function* eventsLinkedTo(
  kind: 'venue' | 'organizer',
  id: number,
): Steps<ChangeLogStore, number[]> {
  return yield* log.eventsLinked(kind, [id]);
}

/** A post taken out of the trash with `status`. */
export function* restored(kind: PostKind, id: number, status: string): Steps<ChangeLogStore, void> {
  if (kind === 'event') yield* eventWritten(id, 'trash', status);
  else yield* linkedPostWritten(kind, id, 'trash');
}

/** Venues or organizers trashed: their events lose the link (after the row's own write). */
export function* linksDropped(
  kind: 'venue' | 'organizer',
  events: readonly number[],
): Steps<ChangeLogStore, void> {
  if (kind === 'venue') yield* log.posts('event', events, 'updated');
  else yield* log.embedding(events);
}
