/**
 * What one import of an export document keeps while it runs (import.ts): the report, the ids the
 * document's records were given here, whether ids are kept, and the steps every section shares:
 * validating and writing a record alone, following a link, choosing a free slug.
 */
import type { z } from 'zod';
import {
  SECTION_SCHEMAS,
  type ExportSection,
  type ImportReport,
} from '../../../shared/schemas/transfer.js';
import type { DocumentImportRepository, SlugTable } from '../../storage/document-import.js';
import { inSavepoint } from '../../storage/savepoints.js';
import type { UnitOfWork } from '../../storage/storage.js';
import { toSlug, uniqueSlug } from '../../text/slug.js';
import { noCounts } from '../../import-counts.js';

export type ImportUnit = Pick<UnitOfWork, 'documentImport' | 'savepoints' | 'settings'>;

/** A stored slug (trashed ones end in `__trashed`) is kept as it is; anything else is made one. */
export const slugOf = (value: string): string =>
  /^[a-z0-9_-]*$/.test(value) ? value : toSlug(value);
export const flag = (value: boolean) => (value ? 1 : 0);

export function issueText(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || 'record'}: ${issue.message}`)
    .join('; ');
}

export class ImportContext {
  readonly report: ImportReport;
  /** The document's ids → the ids given here. */
  readonly users = new Map<number, number>();
  readonly posts = new Map<number, number>();
  readonly terms = new Map<number, number>();
  readonly store: DocumentImportRepository;

  /** Use `ImportContext.open`: whether ids are kept is read in the unit. */
  private constructor(
    readonly uow: ImportUnit,
    readonly keep: boolean,
    dryRun: boolean,
  ) {
    this.store = uow.documentImport;
    this.report = { dry_run: dryRun, ids: keep ? 'kept' : 'remapped', ...noCounts() };
  }

  static async open(uow: ImportUnit, dryRun: boolean): Promise<ImportContext> {
    return new ImportContext(uow, await uow.documentImport.isEmpty(), dryRun);
  }

  /** The id a record asks for: its own into an empty calendar, any otherwise. */
  wanted(id: number): number | undefined {
    return this.keep ? id : undefined;
  }

  /** Validates each record and writes it in its own savepoint; failures are reported. */
  async each<T extends { id: number }>(
    section: ExportSection,
    raw: unknown[],
    write: (record: T) => Promise<void>,
  ): Promise<T[]> {
    const done: T[] = [];
    for (const item of raw) {
      const parsed = (SECTION_SCHEMAS[section] as unknown as z.ZodType<T>).safeParse(item);
      if (!parsed.success) {
        const id = (item as { id?: unknown } | null)?.id;
        this.report.errors.push({
          kind: section,
          id: typeof id === 'number' ? id : null,
          message: issueText(parsed.error),
        });
        continue;
      }
      try {
        await inSavepoint(this.uow, () => write(parsed.data));
        done.push(parsed.data);
      } catch (error) {
        this.report.errors.push({
          kind: section,
          id: parsed.data.id,
          message: (error as Error).message,
        });
      }
    }
    return done;
  }

  /** A link to another record of the document, or null (reported) when it was not imported. */
  follow(
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
  author(id: number | null): number | null {
    return id === null ? null : (this.users.get(id) ?? null);
  }

  /** `base`, or the first of `base-2`, `base-3`… not used yet. */
  async uniqueSlug(table: SlugTable, base: string): Promise<string> {
    return base === '' ? '' : uniqueSlug(base, await this.store.slugVariants(table, base));
  }

  async uniqueTermSlug(taxonomy: string, base: string): Promise<string> {
    return uniqueSlug(base, await this.store.termSlugVariants(taxonomy, base));
  }
}
