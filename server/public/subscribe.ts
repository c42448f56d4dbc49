/**
 * "Subscribe" on the public pages: the feed's `webcal://` link (calendar apps open it), its
 * http(s) address to copy, and a QR code for a phone on the same network, drawn on the server
 * as inline SVG (the pages run no script).
 */
import QRCode from 'qrcode';
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

/** The Subscribe section of a calendar page. */
export async function subscribeSection(links: FeedLinks, c: PageContext): Promise<string> {
  const qr = await qrSvg(links.webcal, c.t(LABELS.qrLabel));
  return `<section class="card subscribe" aria-labelledby="subscribe-title">
<h2 id="subscribe-title">${t(c, 'subscribe')}</h2>
<div class="subscribe-grid"><div>
<p><a class="button" href="${attr(links.webcal)}">${t(c, 'subscribeApp')}</a></p>
<p>${t(c, 'subscribeCopy')}</p>
<p><a class="feed-url" href="${attr(links.http)}"><code>${text(links.http)}</code></a></p>
<p class="muted">${t(c, 'subscribeHelp')}</p>
</div>
<figure>${qr}<figcaption>${t(c, 'qrCaption')}</figcaption></figure></div>
</section>`;
}
