/**
 * The public pages' markup: the home page, an event, a venue, an organizer, a term archive, and
 * "not found".
 */
import type { Translate } from '../../shared/i18n/index.js';
import { attr, jsonLdScript, link, rich, safeUrl, text } from './html.js';
import { shortWhen, whenHtml } from './format.js';
import { LABELS, type LabelKey } from './labels.js';
import type { EventWire, OrganizerWire, VenueWire } from '../../shared/schemas/wire/index.js';
import type { EventPage, TermPage } from './published.js';

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

function termLinks(terms: EventWire['categories'], base: string): string {
  return terms
    .map(
      (term) =>
        `<a href="${attr(`${base}${encodeURIComponent(term.slug)}/`)}">${text(term.name)}</a>`,
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

export function eventPage(event: EventWire, c: PageContext): Rendered {
  const parts: string[] = [`<h1>${text(event.title)}</h1>`];
  parts.push(`<p class="when">${whenHtml(event, c.locale)}</p>`);
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
      `<h2>${label(c, 'categories')}</h2><p class="terms">${termLinks(event.categories, '/events/category/')}</p>`,
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

function eventList(page: EventPage, c: PageContext, pageUrl: (n: number) => string): string {
  if (page.events.length === 0) return `<p class="muted">${label(c, 'noUpcoming')}</p>`;
  const items = page.events.map((event) => {
    const venue = Array.isArray(event.venue)
      ? ''
      : ` <span class="muted">· ${text(event.venue.venue ?? '')}</span>`;
    return `<li><span class="date">${shortWhen(event, c.locale)}</span>${link(event.url, text(event.title))}${venue}</li>`;
  });
  const nav: string[] = [];
  if (page.page > 1)
    nav.push(`<a href="${attr(pageUrl(page.page - 1))}" rel="prev">${label(c, 'previous')}</a>`);
  if (page.page < page.totalPages)
    nav.push(`<a href="${attr(pageUrl(page.page + 1))}" rel="next">${label(c, 'next')}</a>`);
  return `<ul class="events">${items.join('')}</ul>${nav.length > 0 ? `<nav class="pages">${nav.join('')}</nav>` : ''}`;
}

/** Schema.org events of a list, for pages that list events (no per-event JSON-LD read). */
function listJsonLd(events: EventWire[]) {
  return events.map((event) => ({
    '@context': 'http://schema.org',
    '@type': 'Event',
    name: event.title,
    url: event.url,
    startDate: `${event.utc_start_date.replace(' ', 'T')}+00:00`,
    endDate: `${event.utc_end_date.replace(' ', 'T')}+00:00`,
  }));
}

export function venuePage(
  venue: VenueWire,
  events: EventPage,
  c: PageContext,
  pageUrl: (n: number) => string,
): Rendered {
  const name = venue.venue ?? '';
  const image = safeUrl(venue.image?.url);
  const parts = [
    `<h1>${text(name)}</h1>`,
    venueAddress(venue),
    contact(c, venue),
    image ? `<p class="image"><img src="${attr(image)}" alt=""></p>` : '',
    venue.description ? `<div class="description">${rich(venue.description)}</div>` : '',
    apiFooter(c),
  ];
  return {
    title: name,
    body: `<article class="venue">${parts.filter(Boolean).join('\n')}</article>
<section class="card"><h2>${label(c, 'upcoming')}</h2>${eventList(events, c, pageUrl)}</section>`,
    head: venue.json_ld ? jsonLdScript(venue.json_ld) : '',
  };
}

export function organizerPage(
  organizer: OrganizerWire,
  events: EventPage,
  c: PageContext,
  pageUrl: (n: number) => string,
): Rendered {
  const name = organizer.organizer ?? '';
  const image = safeUrl(organizer.image?.url);
  const parts = [
    `<h1>${text(name)}</h1>`,
    contact(c, organizer),
    image ? `<p class="image"><img src="${attr(image)}" alt=""></p>` : '',
    organizer.description ? `<div class="description">${rich(organizer.description)}</div>` : '',
    apiFooter(c),
  ];
  return {
    title: name,
    body: `<article class="organizer">${parts.filter(Boolean).join('\n')}</article>
<section class="card"><h2>${label(c, 'upcoming')}</h2>${eventList(events, c, pageUrl)}</section>`,
    head: organizer.json_ld ? jsonLdScript(organizer.json_ld) : '',
  };
}

export function termPage(
  term: TermPage,
  events: EventPage,
  c: PageContext,
  pageUrl: (n: number) => string,
): Rendered {
  const kind = label(c, term.taxonomy === 'category' ? 'category' : 'tag');
  return {
    title: term.name,
    body: `<article class="term"><p class="meta">${kind}</p><h1>${text(term.name)}</h1>${
      term.description ? `<div class="description">${rich(term.description)}</div>` : ''
    }<h2>${label(c, 'upcoming')}</h2>${eventList(events, c, pageUrl)}${apiFooter(c)}</article>`,
    head: events.events.length > 0 ? jsonLdScript(listJsonLd(events.events)) : '',
  };
}

/**
 * The site root. It answers 200 itself, because WordPress clients look for the REST root with a
 * HEAD request on the home page and do not follow redirects on HEAD (node-wpapi's discover);
 * browsers are sent on to the console at once, as before.
 */
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
