/**
 * Importing an export document (docs/contract/extensions.md E4) in one unit of work. Into an
 * empty calendar (no events, venues, organizers, media or terms) every record keeps its id, so
 * export → import → export gives the same document; otherwise every record gets a new id and
 * every link (authors, images, venues, organizers, terms, parents) follows the new ids. Users
 * are matched by login (never changed); categories and tags, in a calendar that has some, by
 * slug. A record that fails its checks is reported and left out, with the links to it; the rest
 * is imported. `dry_run` does all of it and rolls it back.
 */
import type { z } from 'zod';
import { readWall, formatWall } from '../../../shared/dates.js';
import {
  exportSettings,
  type ExportEvent,
  type ExportOrganizer,
  type ExportSection,
  type ExportTerm,
  type ExportVenue,
  type ImportReport,
  type SECTION_SCHEMAS,
} from '../../../shared/schemas/transfer.js';
import { formatUtc } from '../../../shared/time.js';
import { hashSecret, randomToken } from '../../auth/secrets.js';
import type { CoreServices } from '../../core.js';
import type { StoragePorts } from '../../storage/storage.js';
import { plainText, sanitizeHtml } from '../../text/html.js';
import { toSlug } from '../../text/slug.js';
import { cleanTitle } from '../events/fields.js';
import { cleanName } from '../terms/write.js';
import { flag, ImportContext, issueText, slugOf, type ImportUnit } from './import-context.js';
import { SeriesImport } from './import-series.js';

export type ImportInput = { settings: Record<string, unknown> } & Record<ExportSection, unknown[]>;

const ROLLBACK = Symbol('dry run');

class Run {
  private readonly series: SeriesImport;

  constructor(
    private readonly run: ImportContext,
    private readonly now: string,
    private readonly passwordHash: string,
  ) {
    this.series = new SeriesImport(run);
  }

  async all(doc: ImportInput): Promise<void> {
    await this.users(doc.users);
    await this.media(doc.media);
    await this.termSections(doc);
    await this.linked('venues', doc.venues);
    await this.linked('organizers', doc.organizers);
    await this.series.series(doc.series);
    await this.events(doc.events);
    // Settings belong to the calendar the data came from: applied only into an empty one.
    if (this.run.keep && !this.run.report.dry_run) await this.settings(doc.settings);
  }

  private async users(raw: unknown[]): Promise<void> {
    const { run } = this;
    await run.each<{
      id: number;
      login: string;
      email: string;
      display_name: string;
      role: string;
    }>('users', raw, async (user) => {
      const existing = await run.store.userByLogin(user.login);
      if (existing !== undefined) {
        run.users.set(user.id, existing);
        run.report.unchanged++;
        return;
      }
      const id = await run.store.insertUser({
        id: user.id,
        login: user.login,
        email: user.email,
        display_name: user.display_name,
        role: user.role,
        password_hash: this.passwordHash,
        now: this.now,
      });
      run.users.set(user.id, id);
      run.report.created++;
    });
  }

  private async media(raw: unknown[]): Promise<void> {
    const { run } = this;
    await run.each<z.infer<(typeof SECTION_SCHEMAS)['media']>>('media', raw, async (media) => {
      const { id: _id, ...values } = media;
      const id = await run.store.insertPost('media', run.wanted(media.id), {
        ...values,
        author: run.author(media.author),
      });
      run.posts.set(media.id, id);
      run.report.created++;
    });
  }

  private async termSections(doc: ImportInput): Promise<void> {
    const { run } = this;
    const created: Array<{ record: ExportTerm; taxonomy: string }> = [];
    for (const [section, taxonomy] of [
      ['categories', 'category'],
      ['tags', 'tag'],
    ] as const) {
      await run.each<ExportTerm>(section, doc[section], async (term) => {
        const slug = slugOf(term.slug) || toSlug(term.name) || String(term.id);
        const existing = run.keep ? undefined : await run.store.termBySlug(taxonomy, slug);
        if (existing !== undefined) {
          run.terms.set(term.id, existing);
          run.report.unchanged++;
          return;
        }
        const id = await run.store.insertTerm(run.wanted(term.id), {
          taxonomy,
          name: cleanName(term.name) || slug,
          slug: run.keep ? slug : await run.uniqueTermSlug(taxonomy, slug),
          description: sanitizeHtml(term.description),
          color: taxonomy === 'category' ? (term.color ?? null) : null,
        });
        run.terms.set(term.id, id);
        run.report.created++;
        created.push({ record: term, taxonomy });
      });
    }
    // Parents once every term exists: a parent may come after its children in the document.
    for (const { record, taxonomy } of created) {
      if (taxonomy !== 'category' || record.parent === null) continue;
      const from = { kind: 'categories', id: record.id };
      const parent = run.follow(run.terms, from, 'category', record.parent);
      if (parent !== null && parent !== run.terms.get(record.id)) {
        await run.store.setTermParent(run.terms.get(record.id)!, parent);
      }
    }
  }

  private async postValues(
    section: 'venues' | 'organizers' | 'events',
    record: ExportVenue | ExportOrganizer | ExportEvent,
  ) {
    const { run } = this;
    const slug = slugOf(record.slug);
    return {
      author: run.author(record.author),
      status: record.status,
      slug: run.keep ? slug : await run.uniqueSlug(section, slug),
      description: sanitizeHtml(record.description),
      excerpt: sanitizeHtml(record.excerpt),
      date_utc: record.date_utc,
      modified_utc: record.modified_utc,
      image_id: run.follow(run.posts, { kind: section, id: record.id }, 'media', record.image),
    };
  }

  private async trash(id: number, record: { trash: ExportEvent['trash'] }): Promise<void> {
    const trash = record.trash;
    if (trash) {
      await this.run.store.trash(id, trash.previous_status, trash.previous_slug, trash.trashed_utc);
    }
  }

  private async linked(section: 'venues' | 'organizers', raw: unknown[]): Promise<void> {
    const { run } = this;
    await run.each<ExportVenue | ExportOrganizer>(section, raw, async (record) => {
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
        ...(await this.postValues(section, record)),
        title: plainText(title),
      };
      for (const [key, value] of Object.entries(own)) {
        values[key] = typeof value === 'boolean' ? flag(value) : (value as string | number | null);
      }
      const kind = section === 'venues' ? 'venue' : 'organizer';
      const id = await run.store.insertPost(kind, run.wanted(record.id), values);
      await this.trash(id, record);
      run.posts.set(record.id, id);
      run.report.created++;
    });
  }

  private async events(raw: unknown[]): Promise<void> {
    const { run } = this;
    const imported = await run.each<ExportEvent>('events', raw, async (event) => {
      const start = readWall(event.start_date, event.timezone);
      const end = readWall(event.end_date, event.timezone);
      if (!start.isValid || !end.isValid) throw new Error('start_date or end_date is not a date.');
      const from = { kind: 'events', id: event.id };
      const id = await run.store.insertPost('event', this.series.eventId(event), {
        ...(await this.postValues('events', event)),
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
        venue_id: run.follow(run.posts, from, 'venue', event.venue),
        ...this.series.occurrence(event),
      });
      const organizers = event.organizers
        .map((o) => run.follow(run.posts, from, 'organizer', o))
        .filter((o): o is number => o !== null);
      const terms = [...event.categories, ...event.tags]
        .map((t) => run.follow(run.terms, from, 'term', t))
        .filter((t): t is number => t !== null);
      await run.store.link(id, organizers, terms);
      await this.trash(id, event);
      run.posts.set(event.id, id);
      run.report.events.push(id);
      run.report.created++;
    });
    for (const event of imported) {
      if (event.parent === null) continue;
      const parent = run.follow(run.posts, { kind: 'events', id: event.id }, 'event', event.parent);
      if (parent !== null) await run.store.setEventParent(run.posts.get(event.id)!, parent);
    }
    await this.series.afterEvents(imported);
  }

  private async settings(raw: Record<string, unknown>): Promise<void> {
    const parsed = exportSettings.safeParse(raw);
    if (!parsed.success) {
      this.run.report.errors.push({ kind: 'settings', id: null, message: issueText(parsed.error) });
      return;
    }
    await this.run.uow.settings.putAll(
      Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)),
    );
  }
}

export function createImporter(
  core: Pick<CoreServices, 'clock' | 'log'>,
  storage: StoragePorts<never, keyof ImportUnit>,
) {
  return {
    async run(doc: ImportInput, dryRun: boolean): Promise<ImportReport> {
      // New users get a password nobody knows: an administrator sets theirs (no credentials are
      // ever exported). Hashed before the unit of work, which awaits nothing but its repositories.
      const passwordHash = await hashSecret(randomToken());
      const now = formatUtc(core.clock.now());
      let result: ImportReport | undefined;
      try {
        await storage.write(async (uow) => {
          const run = await ImportContext.open(uow, dryRun);
          result = run.report;
          await new Run(run, now, passwordHash).all(doc);
          if (dryRun) throw ROLLBACK;
        });
      } catch (error) {
        if (error !== ROLLBACK) throw error;
      }
      core.log.info(
        { created: result!.created, errors: result!.errors.length, dry_run: dryRun },
        'data imported',
      );
      return result!;
    },
    /** What `into` needs made before its unit of work, which awaits nothing but its repositories. */
    async prepare(): Promise<{ passwordHash: string; now: string }> {
      return { passwordHash: await hashSecret(randomToken()), now: formatUtc(core.clock.now()) };
    },
    /**
     * Imports `doc` in the caller's unit of work (a restore, backup/service.ts, after emptying the
     * calendar, so every record keeps its id); the caller decides what the report's errors mean.
     */
    async into(
      uow: ImportUnit,
      doc: ImportInput,
      prepared: { passwordHash: string; now: string },
    ): Promise<ImportReport> {
      const run = await ImportContext.open(uow, false);
      await new Run(run, prepared.now, prepared.passwordHash).all(doc);
      return run.report;
    },
  };
}

export type Importer = ReturnType<typeof createImporter>;
