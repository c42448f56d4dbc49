/**
 * Loading the catalogue's parts. English's core (shell, calendar, editor, lists) comes with the
 * console's code; French, and the parts only some screens need (administration, the API
 * explorer, the device instructions of Connect and Subscribe), are fetched when first needed,
 * so a first visit in English carries none of them. A part once needed is loaded in every
 * language the console then switches to.
 */
import { use } from 'react';
import i18next from 'i18next';
import type { Language } from '../../../shared/schemas/settings';
import { coreEn } from './en/core';

type Texts = Record<string, unknown>;

const LOADERS = {
  core: {
    en: () => Promise.resolve(coreEn),
    fr: () => import('./fr/core').then((m) => m.coreFr),
  },
  admin: {
    en: () => import('./en/admin-part').then((m) => m.adminPartEn),
    fr: () => import('./fr/admin-part').then((m) => m.adminPartFr),
  },
  explorer: {
    en: () => import('./en/explorer').then((m) => m.explorerEn),
    fr: () => import('./fr/explorer').then((m) => m.explorerFr),
  },
  devices: {
    en: () => import('./en/devices').then((m) => m.devicesEn),
    fr: () => import('./fr/devices').then((m) => m.devicesFr),
  },
  imports: {
    en: () => import('./en/imports').then((m) => m.importsEn),
    fr: () => import('./fr/imports').then((m) => m.importsFr),
  },
} satisfies Record<string, Record<Language, () => Promise<Texts>>>;

export type Part = keyof typeof LOADERS;

/** English's core is in the bundle (index.ts gives it to i18next at start). */
const loaded = new Set<string>(['en:core']);
const pending = new Map<string, Promise<void>>();
const wanted = new Set<Part>(['core']);

function loadOne(language: Language, part: Part): Promise<void> {
  const key = `${language}:${part}`;
  let loading = pending.get(key);
  if (!loading) {
    loading = LOADERS[part][language]().then((texts) => {
      i18next.addResourceBundle(language, 'translation', texts, true, true);
      loaded.add(key);
    });
    // A failed fetch (the network) is tried again the next time the part is needed.
    loading.catch(() => pending.delete(key));
    pending.set(key, loading);
  }
  return loading;
}

/** Whether `parts` (by default every part needed so far) are there in `language`. */
export const isLoaded = (language: Language, parts: readonly Part[] = [...wanted]): boolean =>
  parts.every((part) => loaded.has(`${language}:${part}`));

/** Fetch `parts` (by default every part needed so far) in `language`. */
export function loadCatalogue(
  language: Language,
  parts: readonly Part[] = [...wanted],
): Promise<void> {
  for (const part of parts) wanted.add(part);
  return Promise.all(parts.map((part) => loadOne(language, part))).then(() => undefined);
}

/** A promise React's `use` reads at once when it is settled (the fields React itself sets). */
type Tracked = Promise<void> & { status?: 'pending' | 'fulfilled' | 'rejected'; reason?: unknown };

function track(promise: Promise<void>, settled: boolean): Tracked {
  const tracked = promise as Tracked;
  tracked.status = settled ? 'fulfilled' : 'pending';
  promise.then(
    () => (tracked.status = 'fulfilled'),
    (reason: unknown) => Object.assign(tracked, { status: 'rejected', reason }),
  );
  return tracked;
}

const combined = new Map<string, Tracked>();

/**
 * A screen's parts in the language spoken: suspends (the nearest <Suspense> shows its spinner)
 * until they are there. `use` is called on every render, loaded or not: a component that
 * suspended on its first render is replayed by React, which must meet the same `use` again.
 */
export function useCatalogue(language: Language, ...parts: Part[]): void {
  const key = `${language}:${parts.join(',')}`;
  let loading = combined.get(key);
  if (!loading) {
    const ready = isLoaded(language, parts);
    loading = track(ready ? Promise.resolve() : loadCatalogue(language, parts), ready);
    // A failed fetch (the network) is tried again on the next render that needs it.
    loading.catch(() => combined.delete(key));
    combined.set(key, loading);
  }
  use(loading as Promise<void>);
}
