/**
 * Localised descriptions for the self-description (namespace index, OpenAPI document) and the
 * console's forms. Gettext style: the English text written in the schemas is the key, so a
 * description is written once, in English, next to the field it describes, and a catalogue per
 * language maps it to its translation. Names and types are never translated (docs/contract/calendar-api.md §1).
 */
import type { Language } from '../schemas/settings.js';
import { fr } from './fr.js';

export type Translate = (english: string) => string;

/** Every catalogue but English, which is the keys themselves. */
export const CATALOGUES: Readonly<
  Record<Exclude<Language, 'en'>, Readonly<Record<string, string>>>
> = { fr };

const identity: Translate = (english) => english;

/** The translation function of a language; a text missing from its catalogue stays English. */
export function translator(language: Language): Translate {
  if (language === 'en') return identity;
  const catalogue = CATALOGUES[language];
  return (english) => (Object.hasOwn(catalogue, english) ? catalogue[english]! : english);
}

/** The texts a catalogue lacks, for the test that keeps every catalogue complete. */
export function missingTranslations(language: Exclude<Language, 'en'>, texts: Iterable<string>) {
  const catalogue = CATALOGUES[language];
  return [...new Set(texts)].filter((text) => !Object.hasOwn(catalogue, text)).sort();
}
