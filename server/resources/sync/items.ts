/**
 * Loads the objects a batch of changes (or a page of a full read) names, all kinds at once, and
 * presents the ones to show with the resource routes' own presenters (the listing
 * representation: an event without `json_ld`).
 */
import type { Actor } from '../../../shared/roles.js';
import type { Links } from '../../http/links.js';
import type { EventsService } from '../events/service.js';
import type { OrganizersService } from '../organizers/service.js';
import { presentTerm } from '../terms/present.js';
import type { VenuesService } from '../venues/service.js';
import type { EventRow } from '../../storage/events.js';
import type { OrganizerRow } from '../organizers/kind.js';
import type { VenueRow } from '../venues/kind.js';
import type { TermRow } from '../terms/store.js';
import { SYNC_KINDS, type SyncKind, type SyncStore } from './store.js';

export interface ItemDeps {
  events: EventsService;
  venues: VenuesService;
  organizers: OrganizersService;
}

export type AnyRow = EventRow | VenueRow | OrganizerRow | TermRow;

/** Rows by kind, then by id. */
export type LoadedRows = Record<SyncKind, Map<number, AnyRow>>;

export function createItems(store: SyncStore, deps: ItemDeps) {
  function load(ids: Record<SyncKind, number[]>): LoadedRows {
    const byId = <R extends { id: number }>(rows: R[]) => new Map(rows.map((row) => [row.id, row]));
    return {
      category: byId(ids.category.length ? store.termRows(ids.category) : []),
      tag: byId(ids.tag.length ? store.termRows(ids.tag) : []),
      venue: byId(ids.venue.length ? store.venueRows(ids.venue) : []),
      organizer: byId(ids.organizer.length ? store.organizerRows(ids.organizer) : []),
      event: byId(ids.event.length ? store.eventRows(ids.event) : []),
    };
  }

  function present(kind: SyncKind, rows: AnyRow[], actor: Actor | null, links: Links): unknown[] {
    if (rows.length === 0) return [];
    switch (kind) {
      case 'event':
        return deps.events.presentRows(rows as EventRow[], actor, links);
      case 'venue':
        return deps.venues.present(rows as VenueRow[], links, false);
      case 'organizer':
        return deps.organizers.present(rows as OrganizerRow[], links, false);
      default:
        return (rows as TermRow[])
          .filter((row) => row.taxonomy === kind)
          .map((row) => presentTerm(row, links));
    }
  }

  return { load, present };
}

export const emptyIds = (): Record<SyncKind, number[]> =>
  Object.fromEntries(SYNC_KINDS.map((kind) => [kind, []])) as unknown as Record<SyncKind, number[]>;

export type Items = ReturnType<typeof createItems>;
