/**
 * Importing from another site that serves the reference API (docs/contract/extensions.md E4):
 * categories, tags, venues, organizers, then events, every page of each, read first (remote-fetch.ts)
 * and then written in one transaction through the resources' own services, so everything imported
 * is checked and stored exactly as if it had been created through this API. Objects are matched
 * by their source's global id: importing the same site again updates what changed there and
 * leaves the rest (a digest of what was imported tells them apart). Without credentials only
 * published content is read; with them, whatever that account may read.
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Actor } from '../../../shared/roles.js';
import { eventCreateSchema } from '../../../shared/schemas/event.js';
import { organizerCreateSchema } from '../../../shared/schemas/organizer.js';
import { venueCreateSchema } from '../../../shared/schemas/venue.js';
import type { Links } from '../../http/links.js';
import type { CoreServices } from '../../core.js';
import type { EventsService } from '../events/service.js';
import type { OrganizersService } from '../organizers/service.js';
import type { TermsService } from '../terms/service.js';
import type { VenuesService } from '../venues/service.js';
import { venueKind } from '../venues/kind.js';
import { organizerKind } from '../organizers/kind.js';
import {
  ownColumns,
  type LinkedInput,
  type LinkedRow,
  type LinkedTable,
} from '../linked-posts/kind.js';
import type { LinkedService } from '../linked-posts/service.js';
import {
  apiRoot,
  createRemoteReader,
  DEFAULT_REMOTE_LIMITS,
  type RemoteLimits,
} from './remote-fetch.js';
import type { SourceKind } from '../../storage/import-sources.js';
import { inSavepoint } from '../../storage/savepoints.js';
import type { UnitOfWork } from '../../storage/storage.js';
import { noCounts } from '../../import-counts.js';

const HEX = /^#[0-9a-f]{6}$/i;

export interface RemoteInput {
  url: string;
  username?: string | undefined;
  password?: string | undefined;
  dry_run: boolean;
}

export interface RemoteReport {
  dry_run: boolean;
  source: string;
  pages: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: Array<{ kind: string; id: number | null; reason: string }>;
  errors: Array<{ kind: string; id: number | null; message: string }>;
  events: number[];
}

/** Everything read from the site, as plain data (it crosses to the import worker). */
export interface RemoteFetched {
  root: string;
  host: string;
  data: Record<'categories' | 'tags' | 'venues' | 'organizers' | 'events', unknown[]>;
  pages: number;
}

export interface RemoteDeps {
  events: EventsService;
  venues: VenuesService;
  organizers: OrganizersService;
  terms: TermsService;
}

type Wire = Record<string, unknown>;
const ROLLBACK = Symbol('dry run');
const ALL_STATUSES = 'publish,future,draft,pending,private';

const digest = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('hex');
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const idOf = (value: unknown) =>
  typeof (value as Wire | null)?.id === 'number' ? ((value as Wire).id as number) : null;

function issues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || 'object'}: ${issue.message}`)
    .join('; ');
}

export function createRemoteImporter(
  core: Pick<CoreServices, 'storage' | 'log'>,
  deps: RemoteDeps,
  limits: RemoteLimits = DEFAULT_REMOTE_LIMITS,
) {
  async function read(input: RemoteInput): Promise<RemoteFetched> {
    const root = apiRoot(input.url);
    const authorization =
      input.username !== undefined && input.username !== ''
        ? `Basic ${Buffer.from(`${input.username}:${input.password ?? ''}`).toString('base64')}`
        : undefined;
    const reader = createRemoteReader(root, authorization, limits);
    const status: Record<string, string> = authorization ? { status: ALL_STATUSES } : {};
    const data = {
      categories: await reader.all('categories', { hide_empty: 'false' }),
      tags: await reader.all('tags', { hide_empty: 'false' }),
      venues: await reader.all('venues', status),
      organizers: await reader.all('organizers', status),
      events: await reader.all('events', {
        start_date: '1900-01-01 00:00:00',
        end_date: '2200-12-31 23:59:59',
        ...status,
      }),
    };
    return { root, host: new URL(root).hostname, data, pages: reader.pagesRead() };
  }

  async function write(
    uow: UnitOfWork,
    fetched: RemoteFetched,
    actor: Actor,
    links: Links,
    report: RemoteReport,
  ): Promise<void> {
    const { host, data } = fetched;
    const writes = deps.events.within(uow);
    const store = uow.importSources;
    const maps: Record<SourceKind, Map<string, number>> = {
      event: new Map(),
      venue: new Map(),
      organizer: new Map(),
      category: new Map(),
      tag: new Map(),
    };
    const termSource = (id: number) => `${host}?term=${id}`;
    const postSource = (wire: Wire) =>
      typeof wire.global_id === 'string' && wire.global_id !== ''
        ? wire.global_id
        : `${host}?id=${String(wire.id)}`;

    /** Creates or updates one object, each in its own savepoint; failures are reported. */
    async function upsert(
      kind: SourceKind,
      wire: Wire,
      source: string,
      values: unknown,
      write: (existing: number | undefined) => number | Promise<number>,
    ): Promise<number | undefined> {
      const sum = digest(values);
      const known = await store.find(kind, source);
      if (known && known.digest === sum) {
        report.unchanged++;
        maps[kind].set(source, known.local_id);
        return known.local_id;
      }
      try {
        const id = await inSavepoint(uow, async () => {
          const local = await write(known?.local_id);
          await store.save(kind, source, local, sum);
          return local;
        });
        if (known) report.updated++;
        else report.created++;
        maps[kind].set(source, id);
        return id;
      } catch (error) {
        report.errors.push({ kind, id: idOf(wire), message: (error as Error).message });
        return undefined;
      }
    }

    // Terms: reused by slug when the calendar has one, parents set once all exist.
    for (const [kind, items] of [
      ['category', data.categories],
      ['tag', data.tags],
    ] as const) {
      for (const item of items as Wire[]) {
        const id = idOf(item);
        if (id === null) continue;
        const values = {
          name: str(item.name),
          slug: str(item.slug),
          description: str(item.description),
          // Another Almanac's category colour (docs/api/terms.md); the reference sends none.
          ...(kind === 'category' && typeof item.color === 'string' && HEX.test(item.color)
            ? { color: item.color.toLowerCase() }
            : {}),
        };
        await upsert(kind, item, termSource(id), values, async (existing) => {
          if (existing !== undefined) {
            const { slug: _slug, ...changes } = values;
            return (await deps.terms.inUnit(uow).update(kind, existing, changes)).id;
          }
          const same = await store.termBySlug(kind, values.slug);
          if (same !== undefined) return same;
          return (await deps.terms.inUnit(uow).create(kind, values)).id;
        });
      }
    }
    for (const item of data.categories as Wire[]) {
      const id = idOf(item);
      const parent = typeof item.parent === 'number' ? item.parent : 0;
      if (id === null || parent === 0) continue;
      const local = maps.category.get(termSource(id));
      const localParent = maps.category.get(termSource(parent));
      if (local === undefined || localParent === undefined) continue;
      if ((await deps.terms.find('category', local))?.parent === localParent) continue;
      try {
        await inSavepoint(uow, () =>
          deps.terms.inUnit(uow).update('category', local, { parent: localParent }),
        );
      } catch (error) {
        report.errors.push({ kind: 'category', id, message: (error as Error).message });
      }
    }

    const linked = async <Row extends LinkedRow, Input extends LinkedInput, Out>(
      kind: 'venue' | 'organizer',
      items: Wire[],
      service: LinkedService<Row, Input, Out>,
      schema: z.ZodType<NoInfer<Input>>,
      table: LinkedTable<NoInfer<Row>>,
    ) => {
      const fields = ownColumns(table);
      for (const item of items) {
        const raw: Wire = { [kind]: item[kind], status: item.status };
        for (const field of ['description', 'excerpt', ...fields]) {
          if (item[field] !== undefined && item[field] !== null) raw[field] = item[field];
        }
        const image = (item.image as Wire | false | undefined) || undefined;
        if (image && typeof image.url === 'string') raw.image = image.url;
        const parsed = schema.safeParse(raw);
        if (!parsed.success) {
          report.errors.push({ kind, id: idOf(item), message: issues(parsed.error) });
          continue;
        }
        const input = parsed.data;
        await upsert(kind, item, postSource(item), input, async (existing) => {
          const writes = service.inUnit(uow);
          const problems = await writes.checkFields(input, actor);
          if (Object.keys(problems).length > 0) throw new Error(Object.values(problems)[0]);
          if (existing !== undefined) return writes.update(existing, input, actor);
          return writes.create(input, actor);
        });
      }
    };
    await linked('venue', data.venues as Wire[], deps.venues, venueCreateSchema, venueKind);
    await linked(
      'organizer',
      data.organizers as Wire[],
      deps.organizers,
      organizerCreateSchema,
      organizerKind,
    );

    for (const item of data.events as Wire[]) {
      const venue =
        item.venue && !Array.isArray(item.venue) ? postSource(item.venue as Wire) : undefined;
      const raw: Wire = {
        title: item.title,
        description: item.description,
        excerpt: item.excerpt,
        status: item.status,
        start_date: item.start_date,
        end_date: item.end_date,
        timezone: item.timezone,
        all_day: item.all_day,
        cost: item.cost,
        show_map: item.show_map,
        show_map_link: item.show_map_link,
        hide_from_listings: item.hide_from_listings,
        sticky: item.sticky,
        featured: item.featured,
        // Sites that serve the reference API have no event status: theirs are scheduled.
        event_status: item.event_status,
        event_status_reason: item.event_status_reason,
        venue: venue === undefined ? null : (maps.venue.get(venue) ?? null),
        organizer: (Array.isArray(item.organizer) ? (item.organizer as Wire[]) : [])
          .map((o) => maps.organizer.get(postSource(o)))
          .filter((o) => o !== undefined),
        categories: (Array.isArray(item.categories) ? (item.categories as Wire[]) : [])
          .map((t) => maps.category.get(termSource(idOf(t) ?? 0)))
          .filter((t) => t !== undefined),
        tags: (Array.isArray(item.tags) ? (item.tags as Wire[]) : [])
          .map((t) => maps.tag.get(termSource(idOf(t) ?? 0)))
          .filter((t) => t !== undefined),
      };
      // An event without a website shows its own page there: that page is the other site's.
      if (typeof item.website === 'string' && item.website !== item.url) raw.website = item.website;
      const image = (item.image as Wire | false | undefined) || undefined;
      if (image && typeof image.url === 'string') raw.image = image.url;
      const parsed = eventCreateSchema.safeParse(raw);
      if (!parsed.success) {
        report.errors.push({ kind: 'event', id: idOf(item), message: issues(parsed.error) });
        continue;
      }
      const input = parsed.data;
      const id = await upsert('event', item, postSource(item), input, async (existing) => {
        const mode = existing ? 'update' : 'create';
        const problems = await deps.events.payloadProblems(input, actor, mode);
        if (Object.keys(problems).length > 0) throw new Error(Object.values(problems)[0]);
        if (existing !== undefined) {
          return (await writes.update(existing, input, actor, links)).id;
        }
        return (await writes.create(input, actor, links)).id;
      });
      if (id !== undefined) report.events.push(id);
    }
  }

  return {
    /** Reads every page of the site (no writes: this part waits on the network). */
    read,
    /** Writes what was read, in one transaction (in the import worker: import-thread.ts). */
    async apply(
      fetched: RemoteFetched,
      input: RemoteInput,
      actor: Actor,
      links: Links,
    ): Promise<RemoteReport> {
      const report: RemoteReport = {
        dry_run: input.dry_run,
        source: fetched.root,
        pages: fetched.pages,
        ...noCounts(),
      };
      try {
        await core.storage.write(async (uow) => {
          await write(uow, fetched, actor, links, report);
          if (input.dry_run) throw ROLLBACK;
        });
      } catch (error) {
        if (error !== ROLLBACK) throw error;
      }
      core.log.info(
        {
          source: fetched.root,
          created: report.created,
          updated: report.updated,
          errors: report.errors.length,
          dry_run: input.dry_run,
        },
        'remote site imported',
      );
      return report;
    },
  };
}

export type RemoteImporter = ReturnType<typeof createRemoteImporter>;
