import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stateFile } from '../../main/state-file.js';
import { MINIMUM_SIZE, restoredBounds, windowOptions } from '../../main/window.js';

const LAPTOP = { x: 0, y: 0, width: 1440, height: 870 };
/** A second screen to the left of the main one: its coordinates are negative. */
const LEFT = { x: -1920, y: 0, width: 1920, height: 1040 };
const saved = (x: number, y: number, width = 1000, height = 700, maximized = false) => ({
  x,
  y,
  width,
  height,
  maximized,
});

describe('where the window reopens', () => {
  it('is where it was when that place is on a screen', () => {
    expect(restoredBounds(saved(120, 60), [LAPTOP], MINIMUM_SIZE)).toEqual(saved(120, 60));
    expect(restoredBounds(saved(-1500, 100), [LAPTOP, LEFT], MINIMUM_SIZE)).toEqual(
      saved(-1500, 100),
    );
    expect(restoredBounds(saved(10, 10, 800, 600, true), [LAPTOP], MINIMUM_SIZE)).toEqual(
      saved(10, 10, 800, 600, true),
    );
  });

  it('is centred at its size when its screen is gone or its title bar is out of reach', () => {
    // The left screen was unplugged.
    expect(restoredBounds(saved(-1500, 100), [LAPTOP], MINIMUM_SIZE)).toEqual({
      width: 1000,
      height: 700,
      maximized: false,
    });
    for (const [x, y] of [
      [1400, 100], // only 40 px left on screen: too little to grab
      [100, -200], // the title bar above the top of the screen
      [100, 860], // the title bar at the bottom edge
      [50_000, 50_000],
    ] as const) {
      expect(restoredBounds(saved(x, y), [LAPTOP], MINIMUM_SIZE), `${x},${y}`).toEqual({
        width: 1000,
        height: 700,
        maximized: false,
      });
    }
  });

  it('never comes back smaller than the minimum, nor larger than every screen', () => {
    expect(restoredBounds(saved(0, 0, 10, 10), [LAPTOP], MINIMUM_SIZE)).toEqual(
      saved(0, 0, MINIMUM_SIZE.width, MINIMUM_SIZE.height),
    );
    expect(restoredBounds(saved(-9000, 0, 5000, 3000), [LAPTOP], MINIMUM_SIZE)).toEqual({
      maximized: false,
    });
  });

  it('has the default place without a remembered one or a screen', () => {
    expect(restoredBounds(undefined, [LAPTOP], MINIMUM_SIZE)).toBeUndefined();
    expect(restoredBounds(saved(0, 0), [], MINIMUM_SIZE)).toBeUndefined();
    const options = windowOptions('/preload.cjs', '1.0.0', undefined);
    expect(options).toMatchObject({ width: 1280, height: 860 });
    expect(options).not.toHaveProperty('x');
    expect(windowOptions('/p', '1', { x: -5, y: 7, width: 900, height: 600 })).toMatchObject({
      x: -5,
      y: 7,
      width: 900,
      height: 600,
    });
  });
});

describe('the remembered state', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const fileIn = () => {
    const dir = mkdtempSync(join(tmpdir(), 'almanac-state-'));
    dirs.push(dir);
    return join(dir, 'nested', 'desktop-state.json');
  };

  it('is kept between runs, one change at a time', () => {
    const path = fileIn();
    const first = stateFile(path);
    expect(first.read()).toEqual({});
    first.update({ window: saved(1, 2) });
    first.update({ background_notice_shown: true });
    expect(stateFile(path).read()).toEqual({
      window: saved(1, 2),
      background_notice_shown: true,
    });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(stateFile(path).read());
  });

  it('forgets what does not parse, field by field, and never fails', () => {
    const path = fileIn();
    stateFile(path).update({ background_notice_shown: true });
    for (const content of ['', '{', 'null', '[]', '"text"', '{"window": 3}']) {
      writeFileSync(path, content);
      expect(() => stateFile(path).read(), content).not.toThrow();
    }
    writeFileSync(
      path,
      JSON.stringify({
        window: { x: 1.5, y: 0, width: 800, height: 600, maximized: false },
        background_notice_shown: true,
        __proto__: { polluted: true },
      }),
    );
    expect(stateFile(path).read()).toEqual({ background_notice_shown: true });
    writeFileSync(path, JSON.stringify({ window: saved(0, 0, 1e9, 10), extra: 'x' }));
    expect(stateFile(path).read()).toEqual({});
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('survives a folder it cannot write to', () => {
    // A file where the folder should be: the folder can never be made.
    const blocker = fileIn().replace('nested', 'blocker');
    writeFileSync(join(blocker, '..'), 'a file, not a folder');
    const state = stateFile(blocker);
    expect(() => state.update({ background_notice_shown: true })).not.toThrow();
    expect(state.read()).toEqual({});
  });
});
