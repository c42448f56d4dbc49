/**
 * "Subscribe" on the public pages: the feed's `webcal://` link (calendar apps open it), its
 * http(s) address to copy, and a QR code for a phone on the same network, drawn on the server
 * as inline SVG (the pages run no script). The QR code only ever holds an address a phone can
 * reach: the page's own when a phone could have opened it, else a LAN address while sharing is
 * on, else none (and the section says so). Google Calendar fetches feeds from Google's servers:
 * unless the calendar is on the internet, the section says it cannot subscribe.
 */
import QRCode from 'qrcode';
import type { Services } from '../services.js';
import { isLocalHost, isLoopback, reachableOrigins } from '../resources/connect/reach.js';
import { attr, text } from './html.js';
import type { PageContext } from './pages.js';
import { LABELS } from './labels.js';

export interface FeedLinks {
  http: string;
  webcal: string;
}

/** The feed address for a filter (`categories=jazz`), on the page's origin. */
export function feedLinks(origin: string, filter: Record<string, string> = {}): FeedLinks {
  const query = new URLSearchParams(filter).toString();
  const http = `${origin}/calendar.ics${query === '' ? '' : `?${query}`}`;
  return { http, webcal: http.replace(/^https?:/, 'webcal:') };
}

const qrCache = new Map<string, string>();

/** The QR code of a URL as SVG markup, labelled for screen readers. */
export async function qrSvg(url: string, label: string): Promise<string> {
  let svg = qrCache.get(url);
  if (svg === undefined) {
    svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    if (qrCache.size >= 1_000) qrCache.clear();
    qrCache.set(url, svg);
  }
  return svg.replace(
    '<svg ',
    `<svg role="img" aria-label="${attr(label)}" width="168" height="168" class="qr" `,
  );
}

const t = (c: PageContext, key: keyof typeof LABELS) => text(c.t(LABELS[key]));

export interface FeedReach {
  /** The feed on an address a phone can reach, if there is one. */
  phone: FeedLinks | undefined;
  /** Whether the calendar is on the internet, where Google's servers can fetch it. */
  internet: boolean;
}

/** Where phones and online services can reach the feed of a page opened at `origin`. */
export function feedReach(
  services: Services,
  origin: string,
  filter: Record<string, string> = {},
): FeedReach {
  const settings = services.settings.get();
  const reach = reachableOrigins(
    services.network.status(settings.lan_sharing),
    settings.public_url,
  );
  const host = new URL(origin).hostname;
  const phoneOrigin = isLoopback(host) ? reach.origins[0] : origin;
  return {
    phone: phoneOrigin === undefined ? undefined : feedLinks(phoneOrigin, filter),
    internet: reach.internet || !isLocalHost(host),
  };
}

/** The Subscribe section of a calendar page. */
export async function subscribeSection(
  links: FeedLinks,
  reach: FeedReach,
  c: PageContext,
): Promise<string> {
  const figure = reach.phone
    ? `<figure>${await qrSvg(reach.phone.webcal, c.t(LABELS.qrLabel))}<figcaption>${t(c, 'qrCaption')}</figcaption></figure>`
    : `<p class="muted subscribe-phones">${t(c, 'phonesOff')}</p>`;
  return `<section class="card subscribe" aria-labelledby="subscribe-title">
<h2 id="subscribe-title">${t(c, 'subscribe')}</h2>
<div class="subscribe-grid"><div>
<p><a class="button" href="${attr(links.webcal)}">${t(c, 'subscribeApp')}</a></p>
<p>${t(c, reach.internet ? 'subscribeCopy' : 'subscribeCopyLocal')}</p>
<p><a class="feed-url" href="${attr(links.http)}"><code>${text(links.http)}</code></a></p>
<p class="muted">${t(c, 'subscribeHelp')}</p>
${reach.internet ? '' : `<p class="muted">${t(c, 'noGoogle')}</p>`}
</div>
${figure}</div>
</section>`;
}
