/**
 * Event costs as the reference reads and shows them (docs/contract/compat-notes.md §1.2, §7.2, §11.7;
 * docs/contract/decisions.md 14). The cost is kept as given (one string or a list of strings); the numbers, the
 * currency symbol and its position are read from it, and the display form is built from those.
 */
import type { CostDetailsWire } from './schemas/wire/common.js';

export interface CostDefaults {
  currency_symbol: string;
  currency_code: string;
  currency_position: 'prefix' | 'postfix';
}

export interface CostView {
  cost: string;
  cost_details: CostDetailsWire;
}

const NUMBER = /\d+(?:[.,]\d+)*/g;
// A whole entry that is one amount with a currency before or after it: `$20`, `20 €`, `USD 5`.
const PREFIXED = /^([^\d\s.,-]+)\s*(\d+(?:[.,]\d+)*)$/u;
const POSTFIXED = /^(\d+(?:[.,]\d+)*)\s*([^\d\s.,-]+)$/u;

/** Normalises the cost input (a string, a number or a list of them) to the list kept in storage. */
export function costEntries(input: unknown): string[] {
  const list = Array.isArray(input) ? input : [input];
  return list
    .filter((item) => typeof item === 'string' || typeof item === 'number')
    .map((item) => String(item).trim())
    .filter((item) => item !== '');
}

/** `25,55` is 25.55 and `1,000` is 1000: a comma before exactly three digits groups thousands. */
function normaliseNumber(raw: string): string {
  const lastDot = raw.lastIndexOf('.');
  const lastComma = raw.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const grouping = decimal === '.' ? /,/g : /\./g;
    return raw.replace(grouping, '').replace(',', '.');
  }
  if (lastComma >= 0) {
    const groups = raw.split(',');
    const thousands = groups.length > 2 || groups[groups.length - 1]!.length === 3;
    return thousands ? groups.join('') : groups.join('.');
  }
  return raw;
}

interface Currency {
  symbol: string;
  position: 'prefix' | 'postfix';
}

function currencyOf(entry: string): Currency | undefined {
  const prefixed = PREFIXED.exec(entry);
  if (prefixed) return { symbol: prefixed[1]!, position: 'prefix' };
  const postfixed = POSTFIXED.exec(entry);
  if (postfixed) return { symbol: postfixed[2]!, position: 'postfix' };
  return undefined;
}

/** The currency every entry agrees on; none when an entry has none or they differ. */
function sharedCurrency(entries: string[]): Currency | undefined {
  let found: Currency | undefined;
  for (const entry of entries) {
    if (!/\d/.test(entry)) continue;
    const currency = currencyOf(entry);
    if (!currency) return undefined;
    if (found && (found.symbol !== currency.symbol || found.position !== currency.position)) {
      return undefined;
    }
    found = currency;
  }
  return found;
}

/** Presents a stored cost with `cost` and `cost_details` as the reference shows them. */
export function presentCost(entries: string[], defaults: CostDefaults): CostView {
  if (entries.length === 0) {
    return {
      cost: '',
      cost_details: { currency_symbol: '', currency_code: '', currency_position: '', values: [] },
    };
  }
  const numbers = entries.flatMap((entry) => (entry.match(NUMBER) ?? []).map(normaliseNumber));
  const currency = sharedCurrency(entries);
  const symbol = currency?.symbol ?? defaults.currency_symbol;
  const position = currency?.position ?? defaults.currency_position;
  const code =
    currency === undefined || currency.symbol === defaults.currency_symbol
      ? defaults.currency_code
      : '';
  const details: Omit<CostDetailsWire, 'values'> = {
    currency_symbol: currency?.symbol ?? '',
    currency_code: code,
    currency_position: currency?.position ?? '',
  };

  if (numbers.length === 0) {
    // Words only, such as "Free" or "Donation": shown as given.
    const words = entries.join(', ');
    return { cost: words, cost_details: { ...details, values: [words.toLowerCase()] } };
  }

  const sorted = [...new Set(numbers)].sort((a, b) => Number(a) - Number(b));
  const format = (value: string) =>
    Number(value) === 0
      ? 'Free'
      : position === 'prefix'
        ? `${symbol}${value}`
        : `${value}${symbol}`;
  const low = sorted[0]!;
  const high = sorted[sorted.length - 1]!;
  const cost = low === high ? format(low) : `${format(low)} – ${format(high)}`;
  return { cost, cost_details: { ...details, values: sorted } };
}

/** The lowest amount, for JSON-LD offers; `undefined` when the cost has no number. */
export function lowestCost(entries: string[]): string | undefined {
  const numbers = entries.flatMap((entry) => (entry.match(NUMBER) ?? []).map(normaliseNumber));
  if (numbers.length === 0) return undefined;
  return numbers.reduce((a, b) => (Number(b) < Number(a) ? b : a));
}
