/**
 * Builds every service from the database and configuration, in dependency order. Routes reach
 * services only through the request context; nothing else holds a database handle.
 */
import type { Logger } from 'pino';
import type { Storage } from './storage/storage.js';
import type { CoreServices, ServiceOptions } from './core.js';
import type { Db } from './db/open.js';
import { createWriteGate } from './db/write-gate.js';
import type { Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import { createAuthService } from './auth/service.js';
import { createUsersService } from './resources/users/service.js';
import { createSettingsService } from './resources/settings/service.js';
import { createMediaService } from './resources/media/service.js';
import { createTermsService } from './resources/terms/service.js';
import { createVenuesService } from './resources/venues/service.js';
import { createOrganizersService } from './resources/organizers/service.js';
import { createEventsService } from './resources/events/service.js';
import { createNetworkController } from './lan-sharing.js';
import { createMdnsAnnouncer } from './lan-announce.js';
import { lanAddresses } from './http/guards.js';
import { createTrashService } from './resources/trash/service.js';
import { createBackupService } from './resources/backup/service.js';
import { createBackupScheduler } from './resources/backup/schedule.js';
import { idempotencyKeys } from './resources/idempotency/keys.js';
import { createSyncService } from './resources/sync/service.js';
import { createImporter } from './resources/transfer/import.js';
import { createRemoteImporter } from './resources/transfer/remote.js';
import { createImportRunner } from './resources/transfer/import-thread.js';
import { linksData, runImportJob } from './resources/transfer/import-jobs.js';
import type { ImportInput } from './resources/transfer/import.js';
import type { RemoteInput } from './resources/transfer/remote.js';
import type { Actor } from '../shared/roles.js';
import type { Links } from './http/links.js';
import { createFeedService } from './resources/feeds/service.js';
import { createImportService } from './resources/feeds/import.js';
import { createSearchService } from './resources/search/service.js';
import { createCaldavService } from './resources/caldav/service.js';

/**
 * The storage ports, plus on SQLite the connection whose file a backup copies (the only use of
 * it outside the adapter: backup/sqlite.ts copies and checks database files).
 */
export type ServiceStorage = Storage & { readonly db?: Db };

function createCore(
  storage: ServiceStorage,
  config: ServerConfig,
  clock: Clock,
  log: Logger,
  options: ServiceOptions,
): CoreServices {
  const settings = createSettingsService(storage, {
    timezone: config.timezone,
    public_url: config.publicUrl,
  });
  const writeGate = createWriteGate();
  const auth = createAuthService(storage, clock, options.auth);
  const users = createUsersService(storage, clock, () => undefined);
  const network = createNetworkController(
    lanAddresses,
    options.announcer ??
      createMdnsAnnouncer({
        onError: (error) => log.warn({ err: error }, 'Announcing the server on the LAN failed'),
      }),
  );
  return {
    storage,
    config,
    clock,
    log,
    settings,
    auth,
    users,
    network,
    writeGate,
  };
}

export type { CoreServices, ServiceOptions } from './core.js';

export function createServices(
  storage: ServiceStorage,
  config: ServerConfig,
  clock: Clock,
  log: Logger,
  options: ServiceOptions = {},
) {
  const core = createCore(storage, config, clock, log, options);
  const media = createMediaService(core, storage);
  const terms = createTermsService(core, storage);
  const venues = createVenuesService(core, storage, { media });
  const organizers = createOrganizersService(core, storage, { media });
  const events = createEventsService(core, { media, terms, venues, organizers });
  const trash = createTrashService(core.storage, core);
  const sync = createSyncService(core, { events, venues, organizers }, options.sync);
  const importer = createImporter(core, storage);
  const backups = createBackupService(core, {
    ...(storage.db ? { database: storage.db } : {}),
    // A new history, and the restored copy holds the version of its day, which caches may have
    // seen then: both in one unit of work.
    afterRestore: () => sync.newHistory(),
    // PostgreSQL: the calendar emptied, the document imported with its ids, a new history and a
    // new content version, in one unit of work; a record that does not import undoes it all.
    async restoreDocument(doc) {
      const prepared = await importer.prepare();
      await storage.write(async (uow) => {
        await uow.backupStatus.emptyContents();
        const report = await importer.into(uow, doc, prepared);
        const [first] = report.errors;
        if (first)
          throw new Error(
            `${report.errors.length} record(s) could not be restored, the first (${first.kind} ${first.id ?? ''}): ${first.message}`,
          );
        await uow.changes.newEpoch();
        await uow.contentVersion.move();
      });
    },
  });
  const backupSchedule = createBackupScheduler(core.storage, core, backups);
  const idempotency = idempotencyKeys(core);
  const remote = createRemoteImporter(core, { events, venues, organizers, terms }, options.remote);
  // Imports run in a worker thread (import-thread.ts); `apply*` is the work done there.
  const transfer = {
    applyDocument: importer.run,
    applyRemote: remote.apply,
    importDocument: (
      document: { bytes: Uint8Array; dryRun: unknown } | { doc: ImportInput; dryRun: boolean },
      actor: Actor,
    ) => imports.run({ kind: 'document', document, actor }),
    async importRemote(input: RemoteInput, actor: Actor, links: Links) {
      const fetched = await remote.read(input);
      return imports.run({ kind: 'remote', fetched, input, actor, links: linksData(links) });
    },
  };
  const feeds = createFeedService(core, { events, terms, venues, organizers });
  const icsImport = createImportService(core, events);
  const search = createSearchService(core, { venues, organizers, terms });
  const imports = createImportRunner(
    core,
    {
      sync: options.sync,
      remote: options.remote,
    },
    (job) => runImportJob({ icsImport, transfer }, job),
  );
  const caldav = createCaldavService(core, { events, feeds, sync });
  return {
    ...core,
    imports,
    media,
    terms,
    venues,
    organizers,
    events,
    trash,
    sync,
    backups,
    backupSchedule,
    idempotency,
    transfer,
    feeds,
    icsImport,
    search,
    caldav,
  };
}

export type Services = ReturnType<typeof createServices>;
