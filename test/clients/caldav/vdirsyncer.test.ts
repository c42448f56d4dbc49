/**
 * Debian's vdirsyncer: a two-way sync between a local folder of .ics files and Almanac, found
 * from the origin alone. New events and edits on both sides cross over; an event changed on both
 * sides between two syncs is a conflict, resolved here as the local side wins.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { davUser, runScript } from './helpers.js';

const EVENTS = '/api/calendar/events/v1/events';
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const local = (uid: string, summary: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//vdir//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260601T000000Z',
    'DTSTART:20260712T090000Z',
    'DTEND:20260712T100000Z',
    `SUMMARY:${summary}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

describe('vdirsyncer', () => {
  it('syncs both ways with edits on both sides and resolves a conflict', async () => {
    const { server, login, password } = await davUser();
    const dir = mkdtempSync(join(tmpdir(), 'almanac-vdir-'));
    dirs.push(dir);
    const folder = join(dir, 'local', 'events');
    mkdirSync(folder, { recursive: true });
    const config = join(dir, 'config');
    writeFileSync(
      config,
      [
        '[general]',
        `status_path = "${join(dir, 'status')}/"`,
        '[pair almanac]',
        'a = "local"',
        'b = "remote"',
        'collections = ["from b"]',
        'conflict_resolution = "a wins"',
        '[storage local]',
        'type = "filesystem"',
        `path = "${join(dir, 'local')}/"`,
        'fileext = ".ics"',
        '[storage remote]',
        'type = "caldav"',
        `url = "${server.url}/"`,
        `username = "${login}"`,
        `password = "${password}"`,
        '',
      ].join('\n'),
    );
    const vdirsyncer = async (...args: string[]) => {
      const result = await runScript('vdirsyncer', ['-c', config, ...args], { HOME: dir });
      expect({ args, ...result }).toMatchObject({ code: 0 });
      return result;
    };
    const titles = async () => {
      const listed = await server.call('GET', EVENTS, {
        query: { start_date: '2026-07-01', end_date: '2026-07-31' },
      });
      return (listed.body.events as Array<{ title: string; id: number }>).map((e) => e.title);
    };
    const localTexts = () =>
      readdirSync(folder)
        .filter((name) => name.endsWith('.ics'))
        .map((name) => readFileSync(join(folder, name), 'utf8'));

    const made = await server.call('POST', EVENTS, {
      auth: server.admin,
      body: {
        title: 'Made in the console',
        start_date: '2026-07-10 09:00:00',
        end_date: '2026-07-10 10:00:00',
        status: 'publish',
      },
    });
    const id = made.body.id as number;
    writeFileSync(join(folder, 'from-laptop.ics'), local('from-laptop', 'Made on the laptop'));

    await vdirsyncer('discover');
    await vdirsyncer('sync');
    expect((await titles()).sort()).toEqual(['Made in the console', 'Made on the laptop']);
    expect(localTexts().filter((t) => t.includes('SUMMARY:Made in the console'))).toHaveLength(1);

    // Edits on both sides, each to a different event.
    const [consoleFile] = readdirSync(folder).filter((name) =>
      readFileSync(join(folder, name), 'utf8').includes('SUMMARY:Made in the console'),
    );
    const consolePath = join(folder, consoleFile!);
    writeFileSync(
      consolePath,
      readFileSync(consolePath, 'utf8').replace(
        'SUMMARY:Made in the console',
        'SUMMARY:Edited locally',
      ),
    );
    const laptopId = (
      (
        await server.call('GET', EVENTS, {
          query: { start_date: '2026-07-12', end_date: '2026-07-12' },
        })
      ).body.events as Array<{ id: number }>
    )[0]!.id;
    await server.call('POST', `${EVENTS}/${laptopId}`, {
      auth: server.admin,
      body: { title: 'Edited in the console' },
    });
    await vdirsyncer('sync');
    expect((await titles()).sort()).toEqual(['Edited in the console', 'Edited locally']);
    expect(localTexts().some((t) => t.includes('SUMMARY:Edited in the console'))).toBe(true);

    // A conflict: the same event changed on both sides.
    writeFileSync(
      consolePath,
      readFileSync(consolePath, 'utf8').replace('SUMMARY:Edited locally', 'SUMMARY:Local wins'),
    );
    await server.call('POST', `${EVENTS}/${id}`, {
      auth: server.admin,
      body: { title: 'Remote loses' },
    });
    await vdirsyncer('sync');
    expect((await titles()).sort()).toEqual(['Edited in the console', 'Local wins']);
    expect(localTexts().some((t) => t.includes('Remote loses'))).toBe(false);
  }, 180_000);
});
