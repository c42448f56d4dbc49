/**
 * Presented venues and organizers remembered by their row: the same inputs give the remembered
 * wire, any change to the row or to what the presentation reads gives a new one, and rows with
 * an image (read from another table) are always presented afresh.
 */
import { describe, expect, it } from 'vitest';
import { createLinks } from '../../../../server/http/links.js';
import {
  presentContext,
  presentedMemo,
} from '../../../../server/resources/linked-posts/remembered.js';
import type { LinkedRow } from '../../../../server/resources/linked-posts/kind.js';

const row = (over: Partial<LinkedRow> = {}): LinkedRow =>
  ({
    id: 7,
    author: 1,
    status: 'publish',
    slug: 'hall',
    title: 'Hall',
    description: '',
    excerpt: '',
    date_utc: '2026-01-01 10:00:00',
    modified_utc: '2026-01-01 10:00:00',
    image_id: null,
    ...over,
  }) as LinkedRow;

const api = createLinks('http://127.0.0.1:7420', 'api', 'calendar/events/v1');
const context = presentContext(api, 'UTC', false);

describe('presented linked posts remembered by their row', () => {
  it('presents a row once for the same inputs and again when anything it reads differs', () => {
    const memo = presentedMemo<{ n: number }>(10);
    let made = 0;
    const make = () => ({ n: ++made });
    const first = memo.get(row(), context, make);
    expect(memo.get(row(), context, make)).toBe(first);
    expect(memo.get(row({ title: 'Renamed hall' }), context, make)).toEqual({ n: 2 });
    expect(memo.get(row({ status: 'draft' }), context, make)).toEqual({ n: 3 });
    const others = [
      presentContext(api, 'Europe/Paris', false),
      presentContext(api, 'UTC', true),
      presentContext(createLinks('http://example.org', 'api', 'calendar/events/v1'), 'UTC', false),
      presentContext(
        createLinks('http://127.0.0.1:7420', 'wp-json', 'calendar/events/v1'),
        'UTC',
        false,
      ),
      presentContext(createLinks('http://127.0.0.1:7420', 'api', 'tribe/events/v1'), 'UTC', false),
    ];
    for (const other of others) expect(memo.get(row(), other, make)).not.toBe(first);
    expect(made).toBe(3 + others.length);
  });

  it('never remembers a row with an image, and forgets the oldest beyond its limit', () => {
    const memo = presentedMemo<{ n: number }>(2);
    let made = 0;
    const make = () => ({ n: ++made });
    memo.get(row({ image_id: 3 }), context, make);
    memo.get(row({ image_id: 3 }), context, make);
    expect(made).toBe(2);
    const a = memo.get(row({ id: 1 }), context, make);
    memo.get(row({ id: 2 }), context, make);
    memo.get(row({ id: 3 }), context, make);
    expect(memo.get(row({ id: 1 }), context, make)).not.toBe(a);
  });
});
