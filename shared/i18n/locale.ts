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

export interface CurrencyDefaults {
  currency_symbol: string;
  currency_code: string;
  currency_position: 'prefix' | 'postfix';
}

/** Zones of the euro area, by the city that names them. */
const EURO = new Set(
  'Amsterdam Athens Berlin Bratislava Brussels Dublin Helsinki Lisbon Ljubljana Luxembourg Madrid Malta Monaco Paris Riga Rome Tallinn Vienna Vilnius Zagreb Andorra San_Marino Vatican Busingen'.split(
    ' ',
  ),
);

/**
 * The currency a site shows costs in until one is chosen: the euro for a zone of the euro area,
 * the pound for London, the Swiss franc for Zurich, the Canadian dollar for Canada's French
 * and English cities, else the dollar (the reference's default). The symbol goes where the
 * site's language writes it: after the amount in French ("15€"), before it in English.
 */
export function siteCurrency(language: Language, zone: string): CurrencyDefaults {
  const position = language === 'fr' ? 'postfix' : 'prefix';
  const [region, city = ''] = zone.split('/');
  if (region === 'Europe' && EURO.has(city))
    return { currency_symbol: '€', currency_code: 'EUR', currency_position: position };
  if (zone === 'Europe/London')
    return { currency_symbol: '£', currency_code: 'GBP', currency_position: 'prefix' };
  if (zone === 'Europe/Zurich')
    return { currency_symbol: 'CHF', currency_code: 'CHF', currency_position: position };
  if (
    /^America\/(Toronto|Montreal|Vancouver|Edmonton|Winnipeg|Halifax|St_Johns|Regina)$/.test(zone)
  )
    return { currency_symbol: '$', currency_code: 'CAD', currency_position: position };
  if (region === 'America' || language === 'en')
    return { currency_symbol: '$', currency_code: 'USD', currency_position: 'prefix' };
  return { currency_symbol: '€', currency_code: 'EUR', currency_position: position };
}
