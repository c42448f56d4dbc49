/** The write gate between the server's writes and an import's worker (server/db/write-gate.ts). */
import { describe, expect, it } from 'vitest';
import { createWriteGate } from '../../../server/db/write-gate.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createWriteGate', () => {
  it('lets writes run together, and an exclusive write alone once they ended', async () => {
    const gate = createWriteGate();
    const order: string[] = [];
    const first = await gate.enter();
    const second = await gate.enter();
    const exclusive = gate.exclusive(async () => {
      order.push('exclusive');
    });
    // A write arriving while the exclusive one waits goes after it.
    const third = gate.enter().then((release) => {
      order.push('third');
      release();
    });
    await tick();
    expect(order).toEqual([]);
    first();
    await tick();
    expect(order).toEqual([]);
    second();
    await exclusive;
    await third;
    expect(order).toEqual(['exclusive', 'third']);
    expect(gate.held()).toBe(false);
  });

  it('holds writes for the whole exclusive work, and frees them when it fails', async () => {
    const gate = createWriteGate();
    let finish!: () => void;
    const exclusive = gate.exclusive(
      () => new Promise<void>((_resolve, reject) => (finish = () => reject(new Error('failed')))),
    );
    await tick();
    expect(gate.held()).toBe(true);
    let entered = false;
    const write = gate.enter().then((release) => {
      entered = true;
      release();
    });
    await tick();
    expect(entered).toBe(false);
    finish();
    await expect(exclusive).rejects.toThrow('failed');
    await write;
    expect(entered).toBe(true);
  });
});
