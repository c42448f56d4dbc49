/**
 * Importing an export document (docs/contract/extensions.md E4) in one transaction. Into an
 * empty calendar (no events, venues, organizers, media or terms) every record keeps its id, so
 * export → import → export gives the same document; otherwise every record gets a new id and
 * every link (authors, images, venues, organizers, terms, parents) follows the new ids. Users
 * are matched by login (never changed); categories and tags, in a calendar that has some, by
 * slug. A record that fails its checks is reported and left out, with the links to it; the rest
 * is imported. `dry_run` does all of it and rolls it back.
 */
import {
  dayNumber,
  isOccurrenceId,
  occurrenceId,
} from '../../../shared/recurrence/occurrence-id.js';
import { z } from 'zod';
import { readWall, formatWall } from '../../../shared/dates.js';
import {
  SECTION_SCHEMAS,
  exportSettings,
  type ExportEvent,
  type ExportOrganizer,
  type ExportSection,
  type ExportSeries,
  type ExportTerm,
  type ExportVenue,
  type ImportReport,
} from '../../../shared/schemas/transfer.js';
import { formatUtc } from '../../../shared/time.js';
import { hashSecret, randomToken } from '../../auth/secrets.js';
import type { CoreServices } from '../../core.js';
import { plainText, sanitizeHtml } from '../../text/html.js';
import { toSlug } from '../../text/slug.js';
import { cleanTitle } from '../events/fields.js';
import { cleanName } from '../terms/write.js';
import { createImportStore, type ImportStore } from './import-store.js';
import { noCounts } from '../../import-counts.js';

export type ImportInput = { settings: Record<string, unknown> } & Record<ExportSection, unknown[]>;

const ROLLBACK = Symbol('dry run');

/** A stored slug (trashed ones end in `__trashed`) is kept as it is; anything else is made one. */
const slugOf = (value: string): string => (/^[a-z0-9_-]*$/.test(value) ? value : toSlug(value));
const flag = (value: boolean) => (value ? 1 : 0);

function issueText(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || 'record'}: ${issue.message}`)
    .join('; ');
}

class Run {
  readonly report: ImportReport;
  private readonly users = new Map<number, number>();
  private readonly posts = new Map<number, number>();
  private readonly terms = new Map<number, number>();
  private readonly seriesKept = new Set<number>();
  /** Series of a remapped import, written once their first event has its new id. */
  private readonly seriesPending = new Map<number, { record: ExportSeries; slot: number }>();
  private readonly keep: boolean;

  constructor(
    private readonly store: ImportStore,
    private readonly core: CoreServices,
    private readonly passwordHash: string,
    dryRun: boolean,
  ) {
    this.keep = store.isEmpty();
    this.report = {
      dry_run: dryRun,
      ids: this.keep ? 'kept' : 'remapped',
      ...noCounts(),
    };
  }

  private wanted(id: number): number | undefined {
    return this.keep ? id : undefined;
  }

  /** Validates one record and writes it in its own savepoint; failures are reported. */
  private each<T extends { id: number }>(
    section: ExportSection,
    raw: unknown[],
    write: (record: T) => void,
  ): T[] {
    const kind = section;
    const done: T[] = [];
    for (const item of raw) {
      const parsed = (SECTION_SCHEMAS[section] as unknown as z.ZodType<T>).safeParse(item);
      if (!parsed.success) {
        const id = (item as { id?: unknown } | null)?.id;
        this.report.errors.push({
          kind,
          id: typeof id === 'number' ? id : null,
          message: issueText(parsed.error),
        });
        continue;
      }
      try {
        this.store.attempt(() => write(parsed.data));
        done.push(parsed.data);
      } catch (error) {
        this.report.errors.push({ kind, id: parsed.data.id, message: (error as Error).message });
      }
    }
    return done;
  }

  /** A link to another record of the document, or null (reported) when it was not imported. */
  private follow(
    map: Map<number, number>,
    from: { kind: string; id: number },
    what: string,
    id: number | null,
  ): number | null {
    if (id === null) return null;
    const found = map.get(id);
    if (found === undefined) {
      this.report.skipped.push({
        kind: from.kind,
        id: from.id,
        reason: `${what} ${id} is not in the imported data: the link was dropped.`,
      });
      return null;
    }
    return found;
  }

  /** Authors that are not in the document are dropped silently (a deleted user's content). */
  private author(id: number | null): number | null {
    return id === null ? null : (this.users.get(id) ?? null);
  }

  run(doc: ImportInput): void {
    this.each<{ id: number; login: string; email: string; display_name: string; role: string }>(
      'users',
      doc.users,
      (user) => {
        const existing = this.store.userByLogin(user.login);
        if (existing !== undefined) {
          this.users.set(user.id, existing);
          this.report.unchanged++;
          return;
        }
        const id = this.store.insertUser({
          id: user.id,
          login: user.login,
          email: user.email,
          display_name: user.display_name,
          role: user.role,
          password_hash: this.passwordHash,
          now: formatUtc(this.core.clock.now()),
        });
        this.users.set(user.id, id);
        this.report.created++;
      },
    );
    this.media(doc.media);
    this.termSections(doc);
    this.linked('venues', doc.venues);
    this.linked('organizers', doc.organizers);
    this.series(doc.series);
    this.events(doc.events);
    // Settings belong to the calendar the data came from: applied only into an empty one.
    if (this.keep && !this.report.dry_run) this.settings(doc.settings);
  }

  private media(raw: unknown[]): void {
    this.each<z.infer<(typeof SECTION_SCHEMAS)['media']>>('media', raw, (media) => {
      const { id: _id, ...values } = media;
      const id = this.store.insertMedia(this.wanted(media.id), {
        ...values,
        author: this.author(media.author),
      });
      this.posts.set(media.id, id);
      this.report.created++;
    });
  }

  private termSections(doc: ImportInput): void {
    const created: Array<{ record: ExportTerm; taxonomy: string }> = [];
    for (const [section, taxonomy] of [
      ['categories', 'category'],
      ['tags', 'tag'],
    ] as const) {
      this.each<ExportTerm>(section, doc[section], (term) => {
        const slug = slugOf(term.slug) || toSlug(term.name) || String(term.id);
        const existing = this.keep ? undefined : this.store.termBySlug(taxonomy, slug);
        if (existing !== undefined) {
          this.terms.set(term.id, existing);
          this.report.unchanged++;
          return;
        }
        const id = this.store.insertTerm(this.wanted(term.id), {
          taxonomy,
          name: cleanName(term.name) || slug,
          slug: this.keep ? slug : this.store.uniqueTermSlug(taxonomy, slug),
          description: sanitizeHtml(term.description),
          color: taxonomy === 'category' ? (term.color ?? null) : null,
        });
        this.terms.set(term.id, id);
        this.report.created++;
        created.push({ record: term, taxonomy });
      });
    }
    // Parents once every term exists: a parent may come after its children in the document.
    for (const { record, taxonomy } of created) {
      if (taxonomy !== 'category' || record.parent === null) continue;
      const from = { kind: 'categories', id: record.id };
      const parent = this.follow(this.terms, from, 'category', record.parent);
      if (parent !== null && parent !== this.terms.get(record.id)) {
        this.store.setTermParent(this.terms.get(record.id)!, parent);
      }
    }
  }

  private postValues(section: string, record: ExportVenue | ExportOrganizer | ExportEvent) {
    const table =
      section === 'venues' ? 'venues' : section === 'organizers' ? 'organizers' : 'events';
    const slug = slugOf(record.slug);
    return {
      author: this.author(record.author),
      status: record.status,
      slug: this.keep ? slug : this.store.uniqueSlug(table, slug),
      description: sanitizeHtml(record.description),
      excerpt: sanitizeHtml(record.excerpt),
      date_utc: record.date_utc,
      modified_utc: record.modified_utc,
      image_id: this.follow(this.posts, { kind: section, id: record.id }, 'media', record.image),
    };
  }

  private trash(id: number, record: { trash: ExportEvent['trash'] }): void {
    const trash = record.trash;
    if (trash) this.store.trash(id, trash.previous_status, trash.previous_slug, trash.trashed_utc);
  }

  private linked(section: 'venues' | 'organizers', raw: unknown[]): void {
    this.each<ExportVenue | ExportOrganizer>(section, raw, (record) => {
      const {
        id: _id,
        author: _a,
        status: _s,
        slug: _sl,
        title,
        description: _d,
        excerpt: _e,
        date_utc: _du,
        modified_utc: _mu,
        image: _i,
        trash: _t,
        ...own
      } = record;
      const values: Record<string, string | number | null> = {
        ...this.postValues(section, record),
        title: plainText(title),
      };
      for (const [key, value] of Object.entries(own)) {
        values[key] = typeof value === 'boolean' ? flag(value) : (value as string | number | null);
      }
      const id =
        section === 'venues'
          ? this.store.insertVenue(this.wanted(record.id), values)
          : this.store.insertOrganizer(this.wanted(record.id), values);
      this.trash(id, record);
      this.posts.set(record.id, id);
      this.report.created++;
    });
  }

  /**
   * Series keep their ids, which are their first occurrences' ids. Into a calendar with data
   * they take a new slot of the reserved id range and are written after the events, once their
   * first event has its new id (`seriesAfterEvents`).
   */
  private series(raw: unknown[]): void {
    let slot = this.keep ? 0 : this.store.nextSlot();
    this.each<ExportSeries>('series', raw, (series) => {
      if (!this.keep) {
        this.seriesPending.set(series.id, { record: series, slot: slot++ });
        return;
      }
      this.writeSeries(series.id, series, series.template, series.slot);
      this.seriesKept.add(series.id);
      this.report.created++;
    });
  }

  private writeSeries(
    id: number,
    series: ExportSeries,
    template: Record<string, unknown>,
    slot: number | undefined,
  ): void {
    // Documents from before computed occurrences carry the generated range and windows:
    // nothing to keep of them, the rule gives every occurrence.
    const { windows, exceptions, ...kept } = series;
    void windows;
    const row = { ...kept, id, generated_from_utc: '', generated_until_utc: '' };
    this.store.insertSeries(
      {
        ...row,
        lines: JSON.stringify(row.lines),
        all_day: flag(row.all_day),
        template: JSON.stringify(template),
        slot: slot ?? this.store.nextSlot(),
        slot_origin: row.slot_origin ?? dayNumber(row.start_local),
        created_utc: row.modified_utc,
      },
      exceptions,
    );
  }

  /** A series' template with the links of a remapped import followed to their new ids. */
  private remapTemplate(series: ExportSeries): Record<string, unknown> {
    const from = { kind: 'series', id: series.id };
    const out: Record<string, unknown> = { ...series.template };
    const follow = (map: Map<number, number>, what: string, id: unknown) =>
      typeof id === 'number' ? this.follow(map, from, what, id) : null;
    for (const [name, map, what] of [
      ['organizers', this.posts, 'organizer'],
      ['categories', this.terms, 'term'],
      ['tags', this.terms, 'term'],
    ] as const) {
      const list = out[name];
      if (Array.isArray(list)) {
        out[name] = list.map((id) => follow(map, what, id)).filter((id) => id !== null);
      }
    }
    const values = out.values as Record<string, unknown> | undefined;
    if (values !== undefined) {
      out.values = {
        ...values,
        author: typeof values.author === 'number' ? this.author(values.author) : null,
        venue_id: follow(this.posts, 'venue', values.venue_id),
        image_id: follow(this.posts, 'media', values.image_id),
      };
    }
    return out;
  }

  /**
   * The series of a remapped import, under their first events' new ids, and their stored
   * occurrences joined to them. A series whose first event did not come in is left out: its
   * occurrences stay separate events (reported).
   */
  private seriesAfterEvents(imported: ExportEvent[]): void {
    for (const [oldId, { record, slot }] of this.seriesPending) {
      const first = this.posts.get(oldId);
      if (first === undefined) {
        this.report.skipped.push({
          kind: 'series',
          id: oldId,
          reason: 'its first event was not imported: its occurrences come in as separate events.',
        });
        continue;
      }
      this.store.attempt(() => {
        this.writeSeries(first, record, this.remapTemplate(record), slot);
        for (const event of imported) {
          if (event.series !== oldId) continue;
          const detached = event.detached === null ? null : JSON.stringify(event.detached);
          this.store.joinSeries(this.posts.get(event.id)!, first, event.original_start, detached);
        }
      });
      this.report.created++;
    }
  }

  /** The id an event asks for: its own into an empty calendar, its series' slot's otherwise. */
  private eventId(event: ExportEvent): number | undefined {
    if (this.keep) return event.id;
    const pending = event.series === null ? undefined : this.seriesPending.get(event.series);
    if (pending === undefined || event.original_start === null || !isOccurrenceId(event.id)) {
      return undefined;
    }
    const { record, slot } = pending;
    const origin = record.slot_origin ?? dayNumber(record.start_local);
    return occurrenceId(slot, origin, event.original_start);
  }

  private events(raw: unknown[]): void {
    const imported = this.each<ExportEvent>('events', raw, (event) => {
      const start = readWall(event.start_date, event.timezone);
      const end = readWall(event.end_date, event.timezone);
      if (!start.isValid || !end.isValid) throw new Error('start_date or end_date is not a date.');
      const from = { kind: 'events', id: event.id };
      const id = this.store.insertEvent(this.eventId(event), {
        ...this.postValues('events', event),
        title: cleanTitle(event.title),
        parent_id: null,
        timezone: event.timezone,
        start_local: event.start_date,
        end_local: event.end_date,
        start_utc: formatWall(start.toUTC()),
        end_utc: formatWall(end.toUTC()),
        all_day: flag(event.all_day),
        cost: JSON.stringify(event.cost),
        website: event.website,
        show_map: flag(event.show_map),
        show_map_link: flag(event.show_map_link),
        hide_from_listings: flag(event.hide_from_listings),
        sticky: flag(event.sticky),
        featured: flag(event.featured),
        event_status: event.event_status,
        event_status_reason: event.event_status_reason,
        venue_id: this.follow(this.posts, from, 'venue', event.venue),
        ...this.occurrence(event),
      });
      const organizers = event.organizers
        .map((o) => this.follow(this.posts, from, 'organizer', o))
        .filter((o): o is number => o !== null);
      const terms = [...event.categories, ...event.tags]
        .map((t) => this.follow(this.terms, from, 'term', t))
        .filter((t): t is number => t !== null);
      this.store.link(id, organizers, terms);
      this.trash(id, event);
      this.posts.set(event.id, id);
      this.report.events.push(id);
      this.report.created++;
    });
    for (const event of imported) {
      if (event.parent === null) continue;
      const parent = this.follow(
        this.posts,
        { kind: 'events', id: event.id },
        'event',
        event.parent,
      );
      if (parent !== null) this.store.setEventParent(this.posts.get(event.id)!, parent);
    }
    this.seriesAfterEvents(imported);
  }

  private occurrence(event: ExportEvent) {
    const kept = event.series !== null && this.seriesKept.has(event.series);
    return {
      series_id: kept ? event.series : null,
      original_start_local: kept ? event.original_start : null,
      detached: kept && event.detached !== null ? JSON.stringify(event.detached) : null,
    };
  }

  private settings(raw: Record<string, unknown>): void {
    const parsed = exportSettings.safeParse(raw);
    if (!parsed.success) {
      this.report.errors.push({ kind: 'settings', id: null, message: issueText(parsed.error) });
      return;
    }
    // Inside the import's synchronous transaction, until imports are behind the storage ports.
    this.core.syncRepositories.settings.putAll(
      Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)),
    );
  }
}

export function createImporter(core: CoreServices) {
  const store = createImportStore(core.db);
  return {
    async run(doc: ImportInput, dryRun: boolean): Promise<ImportReport> {
      // New users get a password nobody knows: an administrator sets theirs (no credentials are
      // ever exported). Hashed before the transaction, which must not wait.
      const passwordHash = await hashSecret(randomToken());
      let result: ImportReport | undefined;
      try {
        core.db.transaction(() => {
          const run = new Run(store, core, passwordHash, dryRun);
          result = run.report;
          run.run(doc);
          if (dryRun) throw ROLLBACK;
        })();
      } catch (error) {
        if (error !== ROLLBACK) throw error;
      }
      core.log.info(
        { created: result!.created, errors: result!.errors.length, dry_run: dryRun },
        'data imported',
      );
      return result!;
    },
  };
}

export type Importer = ReturnType<typeof createImporter>;
