/**
 * Updates and deletes of an occurrence with a scope (docs/contract/extensions.md §E1): `this` changes only it
 * (and remembers what it changed, so later edits of the series leave that alone), `following`
 * splits the series there and edits the new one, `all` edits every occurrence. A change of times
 * moves every occurrence by the same wall-clock amount; a change of rule makes the future follow
 * the new rule while the past stays. Only stored occurrences are written: the computed ones follow
 * the series' rule and template (occurrences.ts). Runs inside the caller's write transaction.
 */
import { canDeletePost, canEditPost, type Actor } from '../../../shared/roles.js';
import { daysMoved, shiftRecurrence, splitRecurrence } from '../../../shared/recurrence/edit.js';
import {
  expand,
  lastStartBound,
  occurrenceAt,
  shiftWall,
  wallDelta,
  type SeriesTiming,
} from '../../../shared/recurrence/expand.js';
import { dayNumber } from '../../../shared/recurrence/occurrence-id.js';
import {
  formatRecurrence,
  isRecurring,
  type Recurrence,
} from '../../../shared/recurrence/lines.js';
import type { Scope } from '../../../shared/recurrence/schema.js';
import type { EventUpdateInput } from '../../../shared/schemas/event.js';
import { formatUtc } from '../../../shared/time.js';
import { invalidInput, NotAllowed } from '../../errors.js';
import { toSlug, uniqueSlug } from '../../text/slug.js';
import type { EventRow } from '../../storage/events.js';
import { recurrenceOf, templateOf, timingOf } from './rule.js';
import { checkRecurrence, recurrenceProblem, type SeriesWrites } from './service.js';
import {
  changedGroups,
  mergeSnapshot,
  parseDetached,
  snapshot,
  withGroups,
  type Group,
  type Snapshot,
} from './snapshot.js';
import type { Member, SeriesRow } from '../../storage/series.js';

/** What the events service does for one event, which scoped edits repeat. */
export interface EventPorts {
  /** A plain update of one event (validation, links, slug), returning the stored row. */
  writeOne(id: number, input: EventUpdateInput): Promise<EventRow>;
  trashOne(row: EventRow): Promise<void>;
}

type Fields = Omit<EventUpdateInput, 'recurrence'>;

const union = (a: Group[], b: Group[]) => [...new Set([...a, ...b])];

/** What `scope=series` leaves alone: each part keeps its own dates, times and rule. */
const TIME_FIELDS = ['start_date', 'end_date', 'timezone', 'all_day'] as const;

/** The editor of one unit of work: every read and write goes through its repositories. */
export function createSeriesEditor(uow: SeriesWrites, now: () => Date) {
  const { events, series: store } = uow;

  /** The slug an occurrence gets when it is published: `<title>-<date>`, unique. */
  async function slugFor(template: Snapshot, original: string, id: number): Promise<string> {
    const base = `${toSlug(template.values.title) || 'event'}-${original.slice(0, 10)}`;
    return uniqueSlug(base, await events.slugVariants(base, id));
  }

  /** Whether the rule of `row` gives an occurrence at this original start. */
  function gives(row: SeriesRow, original: string): boolean {
    const at = occurrenceAt(original, timingOf(row)).start_utc;
    const found = expand(recurrenceOf(row), timingOf(row), at, shiftWall(at, 1000));
    return found.some((o) => o.original === original);
  }

  const capture = async (row: EventRow) => ({ row, snapshot: await snapshot(row, events) });
  const stored = async (id: number): Promise<EventRow> => (await events.get(id))!;

  function refuseUnless(allowed: boolean, actor: Actor | null): void {
    if (!allowed) throw new NotAllowed(actor !== null);
  }

  /** Cuts `row` in two at the occurrence `at`: the new series (id `at.id`) holds it and later ones. */
  async function split(row: SeriesRow, at: EventRow): Promise<SeriesRow> {
    const timing = timingOf(row);
    const cut = at.original_start_local!;
    const { before, after } = splitRecurrence(recurrenceOf(row), timing, cut);
    const newTiming = {
      ...timing,
      start: cut,
      end: shiftWall(cut, wallDelta(timing.start, timing.end)),
    };
    const modified = formatUtc(now());
    // The tail keeps the slot and its day 0, so its computed occurrences keep their ids; a split
    // is no new series for the daily quota.
    const tail: SeriesRow = {
      ...row,
      id: at.id,
      lines: JSON.stringify(formatRecurrence(after)),
      start_local: newTiming.start,
      end_local: newTiming.end,
      last_start_utc: lastStartBound(after, newTiming),
      modified_utc: modified,
      creator: null,
      created_utc: modified,
    };
    await store.insert(tail);
    await store.update({
      ...row,
      lines: JSON.stringify(formatRecurrence(before)),
      last_start_utc: lastStartBound(before, timing),
      modified_utc: modified,
    });
    await store.moveFrom(row.id, tail.id, cut);
    return tail;
  }

  /** A series that ended with one occurrence left is a single event again. */
  async function dissolveIfAlone(row: SeriesRow): Promise<void> {
    const ids = await store.memberIds(row.id);
    if (JSON.parse(row.lines).length > 0 || ids.length !== 1) return;
    await store.join(ids[0]!, null, null, null);
    await store.setDetached(ids[0]!, null);
    await store.remove(row.id);
  }

  async function applyTo(
    member: Member,
    groups: Group[],
    from: Snapshot,
    original: string,
    timing: SeriesTiming,
    template: Snapshot,
  ): Promise<void> {
    let row = withGroups(await stored(member.id), groups, from);
    if (groups.includes('times')) {
      const at = occurrenceAt(original, timing);
      row = {
        ...row,
        timezone: timing.zone,
        all_day: timing.allDay ? 1 : 0,
        start_local: at.start_local,
        end_local: at.end_local,
        start_utc: at.start_utc,
        end_utc: at.end_utc,
      };
    }
    if (
      groups.includes('status') &&
      row.slug === '' &&
      !['draft', 'pending'].includes(row.status)
    ) {
      row.slug = await slugFor(template, original, row.id);
    }
    await events.update({ ...row, modified_utc: formatUtc(now()) });
    if (groups.includes('organizers')) await events.setOrganizers(row.id, from.organizers);
    if (groups.includes('categories')) {
      await events.setTerms(row.id, 'category', from.categories);
    }
    if (groups.includes('tags')) await events.setTerms(row.id, 'tag', from.tags);
  }

  /** Moves every original start of a series by `ms`, in an order that never repeats one. */
  async function moveOriginals(members: Member[], ms: number): Promise<void> {
    const ordered = [...members].sort((a, b) =>
      ms > 0
        ? b.original_start_local.localeCompare(a.original_start_local)
        : a.original_start_local.localeCompare(b.original_start_local),
    );
    for (const m of ordered) await store.setOriginal(m.id, shiftWall(m.original_start_local, ms));
  }

  async function editAll(
    row: SeriesRow,
    edited: EventRow,
    fields: Fields,
    recurrence: Recurrence | undefined,
    actor: Actor | null,
    ports: EventPorts,
  ): Promise<EventRow> {
    const members = await store.members(row.id);
    // Trashed occurrences keep what they had (restored, they come back as they were), but they
    // move with the series' times, which are their identity.
    const live = members.filter((m) => m.status !== 'trash');
    const shown = templateOf(row).values;
    refuseUnless(canEditPost(actor, { author: shown.author ?? 0, status: shown.status }), actor);
    for (const m of live) {
      refuseUnless(canEditPost(actor, { author: m.author ?? 0, status: m.status }), actor);
    }
    const before = await capture(edited);
    const after = await capture(await ports.writeOne(edited.id, fields));
    const groups = changedGroups(before, after);
    const delta = wallDelta(before.row.start_local, after.row.start_local);
    const start = shiftWall(row.start_local, delta);
    const timing: SeriesTiming = {
      zone: after.row.timezone,
      allDay: after.row.all_day === 1,
      start,
      end: shiftWall(start, wallDelta(after.row.start_local, after.row.end_local)),
    };
    const current = recurrenceOf(row);
    let next = recurrence ?? current;
    if (recurrence === undefined && delta !== 0) {
      try {
        next = shiftRecurrence(current, row.start_local, delta);
      } catch (error) {
        recurrenceProblem(error);
      }
    }
    const template = mergeSnapshot(templateOf(row), groups, after.snapshot);

    for (const m of live) {
      if (m.id === edited.id) continue;
      const own = parseDetached(m.detached);
      const apply = groups.filter((g) => !own.includes(g));
      if (apply.length > 0) {
        await applyTo(
          m,
          apply,
          after.snapshot,
          shiftWall(m.original_start_local, delta),
          timing,
          template,
        );
      }
    }
    if (delta !== 0) {
      await moveOriginals(members, delta);
      const exceptions = [...(await store.exceptions(row.id))].map((o) => shiftWall(o, delta));
      await store.setExceptions(row.id, exceptions);
    }
    await store.setDetached(
      edited.id,
      parseDetached(edited.detached).filter((g) => !groups.includes(g)),
    );

    const lines = JSON.stringify(formatRecurrence(next));
    const updated: SeriesRow = {
      ...row,
      lines,
      timezone: timing.zone,
      all_day: timing.allDay ? 1 : 0,
      start_local: timing.start,
      end_local: timing.end,
      template: JSON.stringify(template),
      modified_utc: formatUtc(now()),
      // Day 0 moves with the series: its computed occurrences keep their ids.
      slot_origin: row.slot_origin + dayNumber(timing.start) - dayNumber(row.start_local),
    };
    try {
      if (recurrence !== undefined) checkRecurrence(next, timing);
      updated.last_start_utc = isRecurring(next) ? lastStartBound(next, timing) : null;
      await store.update(updated);
      // A new rule, or a move to other days, can leave stored occurrences that nobody changed
      // where the rule no longer gives one: they go (the one being edited stays).
      if (lines !== row.lines || daysMoved(row.start_local, delta) !== 0) {
        const from = formatUtc(now());
        const stale = (await store.members(row.id)).filter(
          (m) =>
            m.id !== row.id &&
            m.id !== edited.id &&
            m.start_utc >= from &&
            m.detached === null &&
            m.status !== 'trash' &&
            !gives(updated, m.original_start_local),
        );
        await store.deleteEvents(stale.map((m) => m.id));
      }
    } catch (error) {
      recurrenceProblem(error);
    }
    await dissolveIfAlone(updated);
    return stored(edited.id);
  }

  async function seriesOf(row: EventRow): Promise<SeriesRow> {
    return (await store.get(row.series_id!))!;
  }

  /**
   * The other parts of a split series (they share its slot), each with its first event, which
   * a change of every part edits as `all`. A part whose first event is in the trash or deleted
   * keeps what it has: no occurrence of it stands for the whole part.
   */
  async function otherParts(
    target: SeriesRow,
  ): Promise<Array<{ series: SeriesRow; first: EventRow }>> {
    const parts: Array<{ series: SeriesRow; first: EventRow }> = [];
    for (const series of await store.bySlot(target.slot)) {
      if (series.id === target.id) continue;
      const first = await events.get(series.id);
      if (first && first.status !== 'trash') parts.push({ series, first });
    }
    return parts;
  }

  /** Trashes every occurrence of one series: its stored ones, and its template. */
  async function trashPart(
    target: SeriesRow,
    actor: Actor | null,
    ports: EventPorts,
  ): Promise<void> {
    const members = (await store.members(target.id)).filter((m) => m.status !== 'trash');
    const template = templateOf(target);
    // The computed occurrences are the template's: trashing them is trashing it.
    refuseUnless(
      canDeletePost(actor, {
        author: template.values.author ?? 0,
        status: template.values.status,
      }),
      actor,
    );
    for (const m of members) {
      refuseUnless(canDeletePost(actor, { author: m.author ?? 0, status: m.status }), actor);
    }
    for (const m of members) await ports.trashOne(await stored(m.id));
    template.values.status = 'trash';
    await store.update({
      ...(await store.get(target.id))!,
      template: JSON.stringify(template),
      modified_utc: formatUtc(now()),
    });
  }

  return {
    /** An update of an occurrence (`row.series_id` set), with its scope. */
    async update(
      row: EventRow,
      input: EventUpdateInput,
      scope: Scope,
      actor: Actor | null,
      ports: EventPorts,
    ): Promise<EventRow> {
      const { recurrence, ...fields } = input;
      let target = await seriesOf(row);
      const changesRule =
        recurrence !== undefined && JSON.stringify(formatRecurrence(recurrence)) !== target.lines;
      if (scope === 'this') {
        if (changesRule) {
          throw invalidInput(
            'recurrence',
            'recurrence changes the whole series: send scope=following or scope=all with it.',
          );
        }
        const before = await capture(row);
        const after = await capture(await ports.writeOne(row.id, fields));
        const groups = changedGroups(before, after);
        if (groups.length > 0) {
          await store.setDetached(row.id, union(parseDetached(row.detached), groups));
        }
        return stored(row.id);
      }
      if (scope === 'series') {
        if (changesRule || TIME_FIELDS.some((name) => fields[name] !== undefined)) {
          throw invalidInput(
            'scope',
            'scope=series changes every part of a split series, but not its dates, times, time zone or rule: send those with scope=all to each part (series_parts).',
          );
        }
        await editAll(target, await stored(row.id), fields, undefined, actor, ports);
        for (const part of await otherParts(target)) {
          await editAll(part.series, part.first, fields, undefined, actor, ports);
        }
        return stored(row.id);
      }
      if (scope === 'following' && row.original_start_local !== target.start_local) {
        target = await split(target, row);
      }
      const edited = await stored(row.id);
      return editAll(target, edited, fields, changesRule ? recurrence : undefined, actor, ports);
    },

    /** Trashing an occurrence with its scope; a trashed series makes no more occurrences. */
    async trash(
      row: EventRow,
      scope: Scope,
      actor: Actor | null,
      ports: EventPorts,
    ): Promise<EventRow> {
      if (scope === 'this') {
        await ports.trashOne(row);
        return stored(row.id);
      }
      let target = await seriesOf(row);
      if (scope === 'following' && row.original_start_local !== target.start_local) {
        target = await split(target, row);
      }
      if (scope === 'series') {
        for (const part of await otherParts(target)) await trashPart(part.series, actor, ports);
      }
      await trashPart(target, actor, ports);
      return stored(row.id);
    },
  };
}
