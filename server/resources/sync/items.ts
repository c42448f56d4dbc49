/**
 * Presents the objects a page of the change feed names with the resource routes' own presenters
 * (the listing representation: an event without `json_ld`), from the rows the feed read with it.
 */
import type { Actor } from '../../../shared/roles.js';
import type { Links } from '../../http/links.js';
import type { EventsService } from '../events/service.js';
import type { OrganizersService } from '../organizers/service.js';
import { presentTerm } from '../terms/present.js';
import type { VenuesService } from '../venues/service.js';
import type { TermRow } from '../../storage/terms.js';
import type { FeedRows, StoredRow, SyncKind } from '../../storage/changes.js';

export interface ItemDeps {
  events: EventsService;
  venues: VenuesService;
  organizers: OrganizersService;
}

/** Rows by kind, then by id. */
export type LoadedRows = Record<SyncKind, Map<number, StoredRow>>;

export function loaded(rows: FeedRows): LoadedRows {
  const byId = (list: StoredRow[]) => new Map(list.map((row) => [row.id, row]));
  return {
    category: byId(rows.category),
    tag: byId(rows.tag),
    venue: byId(rows.venue as unknown as StoredRow[]),
    organizer: byId(rows.organizer as unknown as StoredRow[]),
    event: byId(rows.event as unknown as StoredRow[]),
  };
}

export function createItems(deps: ItemDeps) {
  async function present(rows: FeedRows, actor: Actor | null, links: Links) {
    return {
      events:
        rows.event.length === 0 ? [] : await deps.events.presentRows(rows.event, actor, links),
      venues: rows.venue.length === 0 ? [] : await deps.venues.present(rows.venue, links, false),
      organizers:
        rows.organizer.length === 0
          ? []
          : await deps.organizers.present(rows.organizer, links, false),
      // The feed reads whole rows of the terms table: the terms' row type.
      categories: (rows.category as unknown as TermRow[]).map((row) => presentTerm(row, links)),
      tags: (rows.tag as unknown as TermRow[]).map((row) => presentTerm(row, links)),
    };
  }

  return { present };
}

export type Items = ReturnType<typeof createItems>;
