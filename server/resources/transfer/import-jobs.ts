/**
 * The imports as jobs that can cross to a worker thread (import-thread.ts): plain data in, plain
 * data out. The same function runs them in the worker, against the worker's own services, and
 * inline when there is no worker (an in-memory database, which a second connection cannot see).
 */
import type { Actor } from '../../../shared/roles.js';
import type { ImportOptions } from '../../../shared/schemas/feed.js';
import type { ImportReport as DocumentReport } from '../../../shared/schemas/transfer.js';
import {
  DomainError,
  Gone,
  InvalidInput,
  NotAccessible,
  NotAuthenticated,
  NotFound,
  Refused,
  TooLarge,
  TooMany,
  Unavailable,
} from '../../errors.js';
import { ApiError } from '../../http/errors.js';
import { createLinks, type Links } from '../../http/links.js';
import type { IcsFile, ImportReport as IcsReport, ImportService } from '../feeds/import.js';
import type { ImportInput, Importer } from './import.js';
import { readDocument } from './import-body.js';
import type { RemoteFetched, RemoteImporter, RemoteInput, RemoteReport } from './remote.js';

/** Links as data: rebuilt on the other side with createLinks. */
export interface LinksData {
  origin: string;
  style: 'api' | 'wp-json' | 'rest_route';
  namespace: string;
}

export type ImportJob =
  | {
      kind: 'ics';
      file: IcsFile;
      dryRun: boolean;
      options: ImportOptions;
      actor: Actor;
      links: LinksData;
    }
  | {
      kind: 'document';
      /** The JSON as sent (import-body.ts), or the document already parsed. */
      document: { bytes: Uint8Array; dryRun: unknown } | { doc: ImportInput; dryRun: boolean };
      actor: Actor;
    }
  | {
      kind: 'remote';
      fetched: RemoteFetched;
      input: RemoteInput;
      actor: Actor;
      links: LinksData;
    };

export interface JobResults {
  ics: IcsReport;
  document: DocumentReport;
  remote: RemoteReport;
}

export function linksData(links: Links): LinksData {
  const style = links.root.endsWith('?rest_route=/')
    ? 'rest_route'
    : links.root.endsWith('/wp-json/')
      ? 'wp-json'
      : 'api';
  return { origin: links.origin, style, namespace: links.namespace };
}

function linksOf(data: LinksData): Links {
  return createLinks(data.origin, data.style, data.namespace);
}

/** Runs one job against these services (a worker's, or the server's own). */
export async function runImportJob(
  services: {
    icsImport: Pick<ImportService, 'run'>;
    transfer: { applyDocument: Importer['run']; applyRemote: RemoteImporter['apply'] };
  },
  job: ImportJob,
): Promise<unknown> {
  switch (job.kind) {
    case 'ics':
      return services.icsImport.run(
        job.file,
        { dryRun: job.dryRun, ...job.options },
        job.actor,
        linksOf(job.links),
      );
    case 'document': {
      const { doc, dryRun } =
        'bytes' in job.document
          ? readDocument(job.document.bytes, job.document.dryRun)
          : job.document;
      return services.transfer.applyDocument(doc, dryRun);
    }
    case 'remote':
      return services.transfer.applyRemote(job.fetched, job.input, job.actor, linksOf(job.links));
  }
}

/** An error as data, to be thrown again on the other side as the same kind of error. */
export interface ErrorData {
  kind: DomainError['kind'] | 'api' | 'other';
  status?: number;
  code: string;
  message: string;
  data: Record<string, unknown>;
  problems?: Record<string, string>;
}

export function errorData(error: unknown): ErrorData {
  if (error instanceof InvalidInput) {
    return {
      kind: 'invalid',
      code: error.code,
      message: error.message,
      data: {},
      problems: error.problems,
    };
  }
  if (error instanceof ApiError) {
    const { status, ...data } = error.toJSON().data;
    return { kind: 'api', code: error.code, message: error.message, data, status };
  }
  if (error instanceof DomainError) {
    return { kind: error.kind, code: error.code, message: error.message, data: error.data };
  }
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return { kind: 'other', code: 'error', message, data: {} };
}

const KINDS = {
  refused: Refused,
  not_found: NotFound,
  not_accessible: NotAccessible,
  gone: Gone,
  not_authenticated: NotAuthenticated,
  unavailable: Unavailable,
  too_many: TooMany,
  too_large: TooLarge,
} as const;

export function errorOf(data: ErrorData): Error {
  if (data.kind === 'invalid') return new InvalidInput(data.problems ?? {});
  if (data.kind === 'api') {
    return new ApiError(data.code, data.message, data.status ?? 400, data.data);
  }
  if (data.kind === 'other') return new Error(`The import failed in its worker: ${data.message}`);
  return new KINDS[data.kind](data.code, data.message, data.data);
}
