/** The console's language: the one its page declares (`<html lang>`), English unless French. */
import type { Language } from '../../../shared/schemas/settings';

export function consoleLanguage(): Language {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return lang.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}
