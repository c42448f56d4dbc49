/**
 * Which language the console speaks, and the locale its dates and numbers follow. Pure, so that
 * the order of precedence is tested without a browser.
 */
import { LANGUAGES, type Language } from '../../../shared/schemas/settings';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The first of the browser's preferred locales the console speaks (`fr-CA` → `fr`), if any. */
export function browserLanguage(preferred: readonly string[]): Language | undefined {
  for (const locale of preferred) {
    const language = locale.toLowerCase().split('-')[0];
    if (isLanguage(language)) return language;
  }
  return undefined;
}

/** The user's saved choice, else the browser's, else the site's setting, else English. */
export function chooseLanguage(
  user: string | undefined,
  preferred: readonly string[],
  site: string | undefined,
): Language {
  if (isLanguage(user)) return user;
  return browserLanguage(preferred) ?? (isLanguage(site) ? site : 'en');
}

/**
 * The locale for `Intl`: the browser's own when it speaks the language (en-GB keeps 24 h and
 * day/month order, fr-CA its own conventions), else the language's usual one.
 */
export function chooseLocale(language: Language, preferred: readonly string[]): string {
  const own = preferred.find((locale) => locale.toLowerCase().split('-')[0] === language);
  if (own) return own;
  return language === 'fr' ? 'fr-FR' : 'en-GB';
}
