/** The console's language: the user's choice, else the browser's, else the site's; and its locale. */
import { describe, expect, it } from 'vitest';
import { browserLanguage, chooseLanguage, chooseLocale } from '../../../renderer/src/i18n/choose';

describe('the console’s language', () => {
  it('is the user’s saved choice first', () => {
    expect(chooseLanguage('fr', ['en-GB'], 'en')).toBe('fr');
    expect(chooseLanguage('en', ['fr-FR'], 'fr')).toBe('en');
  });

  it('else the first browser language the console speaks', () => {
    expect(chooseLanguage('', ['de-DE', 'fr-CA', 'en'], 'en')).toBe('fr');
    expect(chooseLanguage(undefined, ['en-GB'], 'fr')).toBe('en');
    expect(browserLanguage(['FR'])).toBe('fr');
  });

  it('else the site’s setting, else English', () => {
    expect(chooseLanguage('', ['de-DE', 'nl'], 'fr')).toBe('fr');
    expect(chooseLanguage('', [], undefined)).toBe('en');
    expect(chooseLanguage('xx', ['de'], 'xx')).toBe('en');
  });

  it('formats in the browser’s own variant of the language, else its usual one', () => {
    expect(chooseLocale('en', ['en-US', 'fr'])).toBe('en-US');
    expect(chooseLocale('fr', ['en-US', 'fr-CA'])).toBe('fr-CA');
    expect(chooseLocale('fr', ['de-DE'])).toBe('fr-FR');
    expect(chooseLocale('en', ['fr-FR'])).toBe('en-GB');
  });
});
