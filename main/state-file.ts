/**
 * What the desktop app remembers between runs, in one small JSON file in its per-user folder
 * (`desktop-state.json`): the window's place and size, and which one-time notices were shown.
 * The file is the app's own, but it is read as untrusted input: anything that does not parse is
 * forgotten, never fatal. Writes go to a temporary file renamed over the old one, so a crash
 * mid-write leaves the previous state rather than half a file.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';

const coordinate = z.number().int().min(-100_000).max(100_000);
const length = z.number().int().min(1).max(100_000);

export const windowBoundsSchema = z.object({
  x: coordinate,
  y: coordinate,
  width: length,
  height: length,
  maximized: z.boolean(),
});

export type WindowBounds = z.infer<typeof windowBoundsSchema>;

export const desktopStateSchema = z.object({
  window: windowBoundsSchema.optional(),
  /** The notice that closing the window keeps the server sharing was shown once. */
  background_notice_shown: z.boolean().optional(),
});

export type DesktopState = z.infer<typeof desktopStateSchema>;

export interface StateFile {
  read(): DesktopState;
  update(change: Partial<DesktopState>): void;
}

/** Each field stands alone: a bad one is dropped without losing the others. */
function parse(raw: unknown): DesktopState {
  if (raw === null || typeof raw !== 'object') return {};
  const state: DesktopState = {};
  for (const [key, schema] of Object.entries(desktopStateSchema.shape)) {
    const field = schema.safeParse((raw as Record<string, unknown>)[key]);
    if (field.success && field.data !== undefined) Object.assign(state, { [key]: field.data });
  }
  return state;
}

export function stateFile(path: string): StateFile {
  const read = (): DesktopState => {
    try {
      return parse(JSON.parse(readFileSync(path, 'utf8')));
    } catch {
      return {};
    }
  };
  return {
    read,
    update(change) {
      const next = { ...read(), ...change };
      try {
        mkdirSync(dirname(path), { recursive: true });
        const temporary = `${path}.tmp`;
        writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`);
        renameSync(temporary, path);
      } catch {
        // A read-only or full disk costs the remembered state, never the app.
      }
    },
  };
}
