/**
 * The series of an imported document (import.ts). Series keep their ids, which are their first
 * occurrences' ids. Into a calendar with data they take a new slot of the reserved id range and
 * are written after the events, once their first event has its new id; their stored
 * occurrences ask for their ids in that slot.
 */
import {
  dayNumber,
  isOccurrenceId,
  occurrenceId,
} from '../../../shared/recurrence/occurrence-id.js';
import type { ExportEvent, ExportSeries } from '../../../shared/schemas/transfer.js';
import { inSavepoint } from '../../storage/savepoints.js';
import { flag, type ImportContext } from './import-context.js';

export class SeriesImport {
  private readonly kept = new Set<number>();
  /** Series of a remapped import, written once their first event has its new id. */
  private readonly pending = new Map<number, { record: ExportSeries; slot: number }>();

  constructor(private readonly run: ImportContext) {}

  async series(raw: unknown[]): Promise<void> {
    const { run } = this;
    let slot = run.keep ? 0 : await run.store.nextSlot();
    await run.each<ExportSeries>('series', raw, async (series) => {
      if (!run.keep) {
        this.pending.set(series.id, { record: series, slot: slot++ });
        return;
      }
      await this.write(series.id, series, series.template, series.slot);
      this.kept.add(series.id);
      run.report.created++;
    });
  }

  private async write(
    id: number,
    series: ExportSeries,
    template: Record<string, unknown>,
    slot: number | undefined,
  ): Promise<void> {
    // Documents from before computed occurrences carry the generated range and windows:
    // nothing to keep of them, the rule gives every occurrence.
    const { windows, exceptions, ...kept } = series;
    void windows;
    const row = { ...kept, id, generated_from_utc: '', generated_until_utc: '' };
    await this.run.store.insertSeries(
      {
        ...row,
        lines: JSON.stringify(row.lines),
        all_day: flag(row.all_day),
        template: JSON.stringify(template),
        slot: slot ?? (await this.run.store.nextSlot()),
        slot_origin: row.slot_origin ?? dayNumber(row.start_local),
        created_utc: row.modified_utc,
      },
      exceptions,
    );
  }

  /** A series' template with the links of a remapped import followed to their new ids. */
  private remapTemplate(series: ExportSeries): Record<string, unknown> {
    const { run } = this;
    const from = { kind: 'series', id: series.id };
    const out: Record<string, unknown> = { ...series.template };
    const follow = (map: Map<number, number>, what: string, id: unknown) =>
      typeof id === 'number' ? run.follow(map, from, what, id) : null;
    for (const [name, map, what] of [
      ['organizers', run.posts, 'organizer'],
      ['categories', run.terms, 'term'],
      ['tags', run.terms, 'term'],
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
        author: typeof values.author === 'number' ? run.author(values.author) : null,
        venue_id: follow(run.posts, 'venue', values.venue_id),
        image_id: follow(run.posts, 'media', values.image_id),
      };
    }
    return out;
  }

  /**
   * The series of a remapped import, under their first events' new ids, and their stored
   * occurrences joined to them. A series whose first event did not come in is left out: its
   * occurrences stay separate events (reported).
   */
  async afterEvents(imported: ExportEvent[]): Promise<void> {
    const { run } = this;
    for (const [oldId, { record, slot }] of this.pending) {
      const first = run.posts.get(oldId);
      if (first === undefined) {
        run.report.skipped.push({
          kind: 'series',
          id: oldId,
          reason: 'its first event was not imported: its occurrences come in as separate events.',
        });
        continue;
      }
      await inSavepoint(run.uow, async () => {
        await this.write(first, record, this.remapTemplate(record), slot);
        for (const event of imported) {
          if (event.series !== oldId) continue;
          const detached = event.detached === null ? null : JSON.stringify(event.detached);
          await run.store.joinSeries(
            run.posts.get(event.id)!,
            first,
            event.original_start,
            detached,
          );
        }
      });
      run.report.created++;
    }
  }

  /** The id an event asks for: its own into an empty calendar, its series' slot's otherwise. */
  eventId(event: ExportEvent): number | undefined {
    if (this.run.keep) return event.id;
    const pending = event.series === null ? undefined : this.pending.get(event.series);
    if (pending === undefined || event.original_start === null || !isOccurrenceId(event.id)) {
      return undefined;
    }
    const { record, slot } = pending;
    const origin = record.slot_origin ?? dayNumber(record.start_local);
    return occurrenceId(slot, origin, event.original_start);
  }

  /** An event's occurrence columns: kept when its series was kept. */
  occurrence(event: ExportEvent) {
    const kept = event.series !== null && this.kept.has(event.series);
    return {
      series_id: kept ? event.series : null,
      original_start_local: kept ? event.original_start : null,
      detached: kept && event.detached !== null ? JSON.stringify(event.detached) : null,
    };
  }
}
