/**
 * The locale a site's pages are written in: its language, in the variant its time zone suggests
 * (a New York site in English writes "8:00 AM" and July 1; a Paris or London one 08:00 and
 * 1 July; French 24 h everywhere). Dates then go through `Intl` in that locale.
 */
import type { Language } from '../schemas/settings.js';

const ENGLISH: Array<[RegExp, string]> = [
  [/^(America|US)\//, 'en-US'],
  [/^Australia\//, 'en-AU'],
  [/^Pacific\/Auckland$/, 'en-NZ'],
  [/^Asia\/(Kolkata|Calcutta)$/, 'en-IN'],
];

export function siteLocale(language: Language, zone: string): string {
  if (language === 'fr') return /^America\//.test(zone) ? 'fr-CA' : 'fr-FR';
  return ENGLISH.find(([pattern]) => pattern.test(zone))?.[1] ?? 'en-GB';
}
