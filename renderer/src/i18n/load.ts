/**
 * Loading the catalogue's parts. English's core (shell, calendar, editor) comes with the
 * console's code; French, and the parts only some screens need (the device instructions of
 * Connect and Subscribe…), are fetched when first needed, so a first visit in English carries
 * neither. A part once needed is loaded in every language the console then switches to.
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

const combined = new Map<string, Promise<void>>();

/**
 * A screen's parts in the language spoken: suspends (the nearest <Suspense> shows its spinner)
 * until they are there.
 */
export function useCatalogue(language: Language, ...parts: Part[]): void {
  if (isLoaded(language, parts)) return;
  const key = `${language}:${parts.join(',')}`;
  let loading = combined.get(key);
  if (!loading) {
    loading = loadCatalogue(language, parts);
    loading.catch(() => combined.delete(key));
    combined.set(key, loading);
  }
  use(loading);
}
