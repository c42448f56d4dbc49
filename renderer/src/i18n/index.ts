/**
 * The console's translations (i18next with react-i18next): one instance, the catalogue's parts
 * as they are loaded (load.ts), and the language and locale in force. Screens call `useT()` (or `t` outside
 * React); dates and numbers go through `Intl` (or Luxon, whose default locale follows) in
 * `consoleLocale()`. Changing the language re-renders every screen in it, updates
 * `<html lang>` and Luxon's default locale.
 */
import i18next, { type ParseKeys, type TOptions } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { Settings } from 'luxon';
import type { Language } from '../../../shared/schemas/settings';
import { chooseLocale } from './choose';
import { coreEn } from './en/core';
import { useCatalogue as useParts, type Part } from './load';

export { isLoaded, loadCatalogue } from './load';

export type MessageKey = ParseKeys;

const preferred = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

let locale = 'en-GB';

void i18next.use(initReactI18next).init({
  resources: { en: { translation: coreEn } },
  lng: 'en',
  fallbackLng: false,
  // React escapes what it renders; texts with markup go through <Trans>.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export const i18n = i18next;

/** The language the console speaks now. */
export const consoleLanguage = (): Language => (i18next.language === 'fr' ? 'fr' : 'en');

/** The locale of its dates, times and numbers (`fr-FR`, `en-GB`, the browser's `en-US`…). */
export const consoleLocale = (): string => locale;

/** The parts a screen needs, in the language spoken (suspends until they are loaded). */
export const useCatalogue = (...parts: Part[]): void => useParts(consoleLanguage(), ...parts);

/** Speak `language` (its catalogue loaded first: `loadCatalogue`): the texts, `<html lang>`, and the locale of dates and numbers. */
export function setConsoleLanguage(language: Language): void {
  locale = chooseLocale(language, preferred());
  Settings.defaultLocale = locale;
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  if (i18next.language !== language) void i18next.changeLanguage(language);
}

/** Translate outside React (toasts, titles built in handlers); inside, prefer `useT()`. */
export const t = (key: MessageKey, options?: TOptions): string => i18next.t(key, options);

/**
 * A text that may be a catalogue key (field descriptions shared by several forms name their
 * label by key): its translation when it is one, else the text itself.
 */
export const tx = (text: string): string =>
  i18next.exists(text) ? String(i18next.t(text as MessageKey)) : text;

/** The translate function of the current language, re-rendering when it changes. */
export function useT() {
  return useTranslation().t;
}
