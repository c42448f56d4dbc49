/**
 * Finds text on a French screen that no French catalogue entry gave: every word shown (in the
 * page's text, its options and the names given to controls) must be a word of the French
 * catalogue, of the dates and zones `Intl` writes in French, of the product's proper names, or of
 * the data the test put there. An English text (a new one written in a component instead of the
 * catalogue, or a catalogue key whose French is missing) brings words French never uses and is
 * reported with its line. Elements marked `translate="no"` (the API's own routes and answers in
 * the explorer, say) and code (values to type) hold data, not the console's words, and are left
 * out.
 */
import type { Page } from 'playwright-core';
import { en, fr, type Tree } from '../../helpers/catalogues.js';

function leaves(tree: Tree): string[] {
  return Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : leaves(v)));
}

const words = (text: string): string[] =>
  (
    PHRASES.reduce((rest, phrase) => rest.replaceAll(phrase, ' '), text)
      .replace(/\{\{[^}]*\}\}|<\/?\w+\s*\/?>/g, ' ')
      .match(/\p{L}+/gu) ?? []
  ).map((w) => w.toLowerCase());

/** Names that are the same in every language. */
const PHRASES = ['The Events Calendar'];
const PROPER = [
  ...'Almanac API REST JSON CSV curl HTTP Basic QR URL CalDAV iCalendar ics OpenAPI CORS LAN'.split(
    ' ',
  ),
  ...'Wi Fi iPhone iPad Android macOS Windows Google Outlook Thunderbird Apple DAVx'.split(' '),
  ...'English Français GET POST PUT PATCH DELETE UTC https http www example org'.split(' '),
  ...'EUR USD ALMANAC HOST host ms ko Mo octet octets'.split(' '),
  // Ordinals' endings: "le 1er vendredi", "le 4e vendredi".
  'er',
  'e',
];

/** Every word Intl writes in a French date, time or zone name. */
function intlWords(locale: string): string[] {
  const out: string[] = [];
  const day = Date.UTC(2026, 0, 5, 12);
  for (let i = 0; i < 12; i++) {
    const date = new Date(Date.UTC(2026, i, 1, 12));
    for (const month of ['long', 'short'] as const)
      out.push(new Intl.DateTimeFormat(locale, { month }).format(date));
  }
  for (let i = 0; i < 7; i++) {
    const date = new Date(day + i * 86_400_000);
    for (const weekday of ['long', 'short'] as const)
      out.push(new Intl.DateTimeFormat(locale, { weekday }).format(date));
    // "Tous les vendredis": a repeat rule's days, in the plural.
    out.push(`${new Intl.DateTimeFormat(locale, { weekday: 'long' }).format(date)}s`);
  }
  for (const timeZone of ['Europe/Paris', 'UTC', 'America/New_York', 'Europe/London'])
    for (const timeZoneName of ['long', 'short', 'longGeneric', 'shortGeneric'] as const)
      out.push(new Intl.DateTimeFormat(locale, { timeZone, timeZoneName }).format(day));
  out.push(new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-1, 'day'));
  out.push(new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(1, 'day'));
  out.push(new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'day'));
  return out;
}

const FRENCH = new Set([...leaves(fr), ...intlWords('fr-FR'), ...PROPER].flatMap(words));
const frenchTexts = new Set(leaves(fr));
/** English catalogue texts without placeholders or markup whose French differs. */
export const ENGLISH = leaves(en).filter(
  (text) => !/\{\{|<\w/.test(text) && !frenchTexts.has(text) && text.length > 2,
);

/** The texts a user sees or hears on the page, outside elements marked translate="no". */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const data = (el: Element | null) => el?.closest('[translate="no"]') != null;
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!text || !parent || data(parent)) continue;
      // Code shows values to type as they are: addresses, logins, commands.
      if (parent.closest('script, style, noscript, svg, code, pre, kbd')) continue;
      const shown =
        parent.tagName === 'OPTION' ||
        parent.checkVisibility({ visibilityProperty: true }) ||
        parent.closest('.visually-hidden') != null;
      if (shown) out.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      if (data(el)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    }
    out.push(document.title);
    return out;
  });
}

/**
 * The texts on a French page that no French catalogue entry gave, each with its strange words;
 * `data` holds the texts the test itself put there (titles, names), whose words are allowed.
 */
export async function untranslated(page: Page, data: readonly string[] = []): Promise<string[]> {
  const allowed = new Set([...FRENCH, ...data.flatMap(words)]);
  const found = new Set<string>();
  for (const text of await shownTexts(page)) {
    if (ENGLISH.includes(text)) {
      found.add(text);
      continue;
    }
    const strange = words(text).filter((w) => !allowed.has(w));
    if (strange.length > 0) found.add(`${text}  [${strange.join(', ')}]`);
  }
  return [...found];
}
