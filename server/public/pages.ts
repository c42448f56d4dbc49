/**
 * The public pages' markup: the home page, an event, a venue, an organizer, a term archive, and
 * "not found".
 */
import { statusClass, statusNotice } from './status-mark.js';
import type { Translate } from '../../shared/i18n/index.js';
import { attr, jsonLdScript, link, rich, safeUrl, text } from './html.js';
import { whenHtml } from './format.js';
import { LABELS, type LabelKey } from './labels.js';
import { swatch, type PublicCategory } from './categories.js';
import type { EventWire, OrganizerWire, VenueWire } from '../../shared/schemas/wire/index.js';

export interface PageContext {
  t: Translate;
  locale: string;
  /** The page's own API URL (`X-TEC-API-ROOT`), linked for people too. */
  apiUrl: string;
}

export interface Rendered {
  title: string;
  body: string;
  /** JSON-LD markup for `<head>`, already escaped. */
  head: string;
}

const label = (c: PageContext, key: LabelKey) => text(c.t(LABELS[key]));

function apiFooter(c: PageContext): string {
  return `<p class="meta">${link(c.apiUrl, label(c, 'api'), 'alternate')}</p>`;
}

function termLinks(
  terms: EventWire['categories'],
  base: string,
  colors: readonly PublicCategory[] = [],
): string {
  return terms
    .map(
      (term) =>
        `<a href="${attr(`${base}${encodeURIComponent(term.slug)}/`)}">${swatch(
          colors.find((c) => c.id === term.id)?.color,
        )}${text(term.name)}</a>`,
    )
    .join('');
}

function venueAddress(venue: VenueWire): string {
  const lines = [
    venue.address,
    [venue.zip, venue.city].filter(Boolean).join(' '),
    venue.stateprovince,
    venue.country,
  ].filter((line): line is string => typeof line === 'string' && line.trim() !== '');
  return lines.length > 0 ? `<address>${lines.map(text).join('<br>')}</address>` : '';
}

function contact(c: PageContext, item: { phone?: string; email?: string; website?: string }) {
  const rows: string[] = [];
  if (item.phone) rows.push(`${label(c, 'phone')}: ${text(item.phone)}`);
  if (item.email) {
    rows.push(`${label(c, 'email')}: <a href="mailto:${attr(item.email)}">${text(item.email)}</a>`);
  }
  const site = safeUrl(item.website);
  if (site) rows.push(`${label(c, 'website')}: ${link(site, text(site), 'nofollow')}`);
  return rows.length > 0 ? `<p>${rows.join('<br>')}</p>` : '';
}

/** An event's page; `categories` gives its categories' colours. */
export function eventPage(
  event: EventWire,
  c: PageContext,
  categories: readonly PublicCategory[] = [],
): Rendered {
  const parts: string[] = [`<h1${statusClass(event)}>${text(event.title)}</h1>`];
  parts.push(`<p class="when">${whenHtml(event, c.locale)}</p>`);
  const notice = statusNotice(event, c);
  if (notice !== '') parts.push(notice);
  const image = event.image === false ? undefined : safeUrl(event.image.url);
  if (image) parts.push(`<p class="image"><img src="${attr(image)}" alt=""></p>`);
  if (event.description) parts.push(`<div class="description">${rich(event.description)}</div>`);
  if (event.cost) parts.push(`<p><strong>${label(c, 'cost')}:</strong> ${text(event.cost)}</p>`);
  const website = safeUrl(event.website);
  if (website && website !== safeUrl(event.url)) {
    parts.push(
      `<p><strong>${label(c, 'website')}:</strong> ${link(website, text(website), 'nofollow')}</p>`,
    );
  }
  if (!Array.isArray(event.venue)) {
    const venue = event.venue;
    parts.push(
      `<h2>${label(c, 'venue')}</h2><p>${link(venue.url, text(venue.venue ?? ''))}</p>${venueAddress(venue)}`,
    );
  }
  if (event.organizer.length > 0) {
    const names = event.organizer.map((o) => `<li>${link(o.url, text(o.organizer ?? ''))}</li>`);
    parts.push(`<h2>${label(c, 'organizers')}</h2><ul>${names.join('')}</ul>`);
  }
  if (event.categories.length > 0) {
    parts.push(
      `<h2>${label(c, 'categories')}</h2><p class="terms">${termLinks(event.categories, '/events/category/', categories)}</p>`,
    );
  }
  if (event.tags.length > 0) {
    parts.push(
      `<h2>${label(c, 'tags')}</h2><p class="terms">${termLinks(event.tags, '/tag/')}</p>`,
    );
  }
  parts.push(apiFooter(c));
  return {
    title: event.title,
    body: `<article class="event">${parts.join('\n')}</article>`,
    head: event.json_ld ? jsonLdScript(event.json_ld) : '',
  };
}

/** A venue's or an organizer's page: name, details, image, description, then its events. */
function linkedPage(
  type: 'venue' | 'organizer',
  item: VenueWire | OrganizerWire,
  name: string,
  details: string[],
  calendar: string,
  c: PageContext,
): Rendered {
  const image = safeUrl(item.image?.url);
  const parts = [
    `<h1>${text(name)}</h1>`,
    ...details,
    image ? `<p class="image"><img src="${attr(image)}" alt=""></p>` : '',
    item.description ? `<div class="description">${rich(item.description)}</div>` : '',
    apiFooter(c),
  ];
  return {
    title: name,
    body: `<article class="${type}">${parts.filter(Boolean).join('\n')}</article>
<section class="card"><h2>${label(c, 'upcoming')}</h2>${calendar}</section>`,
    head: item.json_ld ? jsonLdScript(item.json_ld) : '',
  };
}

export const venuePage = (venue: VenueWire, calendar: string, c: PageContext): Rendered =>
  linkedPage(
    'venue',
    venue,
    venue.venue ?? '',
    [venueAddress(venue), contact(c, venue)],
    calendar,
    c,
  );

export const organizerPage = (
  organizer: OrganizerWire,
  calendar: string,
  c: PageContext,
): Rendered =>
  linkedPage(
    'organizer',
    organizer,
    organizer.organizer ?? '',
    [contact(c, organizer)],
    calendar,
    c,
  );

/** A calendar page: `/events/` itself, or a term's. */
export function calendarPage(
  heading: { title: string; kind?: string; description?: string },
  calendar: string,
  c: PageContext,
): Rendered {
  const kind = heading.kind ? `<p class="meta">${text(heading.kind)}</p>` : '';
  const description = heading.description
    ? `<div class="description">${rich(heading.description)}</div>`
    : '';
  return {
    title: heading.title,
    body: `<article class="calendar">${kind}<h1>${text(heading.title)}</h1>${description}${calendar}${apiFooter(c)}</article>`,
    head: '',
  };
}

export function homePage(siteName: string, consolePath: string, c: PageContext): Rendered {
  return {
    title: siteName,
    head: `<meta http-equiv="refresh" content="0; url=${attr(consolePath)}">`,
    body: `<article><h1>${text(siteName)}</h1><p><a href="${attr(consolePath)}">${label(c, 'openConsole')}</a></p>${apiFooter(c)}</article>`,
  };
}

export function notFoundPage(c: PageContext): Rendered {
  return {
    title: c.t(LABELS.notFound),
    body: `<article><h1>${label(c, 'notFound')}</h1><p>${label(c, 'notFoundText')}</p></article>`,
    head: '',
  };
}
