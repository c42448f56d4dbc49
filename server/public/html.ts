/**
 * HTML building blocks of the public pages. Every value from the database goes through `text`
 * or `attr` (escaped) or `rich` (sanitised to formatting tags), URLs through `safeUrl`, and
 * JSON-LD through `jsonLdScript`, so stored content can never run as script on these pages.
 */
import { sanitizeHtml } from '../text/html.js';
import { PRINT_SCRIPT, PRINT_SCRIPT_SOURCE } from './print.js';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text content: every character that could open markup or leave an attribute is escaped. */
export function text(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** An attribute value, to be placed between double quotes. */
export const attr = text;

/** Stored HTML (descriptions): sanitised again on output, whatever was stored. */
export function rich(html: string): string {
  return sanitizeHtml(html);
}

/** An http(s) URL, or `undefined`: no `javascript:`, `data:` or relative tricks reach an href. */
export function safeUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed)) return undefined;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A link when the URL is safe, else the label alone. */
export function link(url: unknown, label: string, rel?: string): string {
  const href = safeUrl(url);
  if (!href) return label;
  return `<a href="${attr(href)}"${rel ? ` rel="${attr(rel)}"` : ''}>${label}</a>`;
}

/**
 * JSON-LD inside `<script>`: JSON cannot close the element or open a comment once `<`, `>` and
 * `&` are escaped as JSON unicode escapes, which JSON parsers read back unchanged.
 */
export function jsonLdScript(data: unknown): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/ld+json">${json}</script>`;
}

export interface Layout {
  lang: string;
  title: string;
  /** Extra `<head>` markup: discovery tags and JSON-LD, already safe. */
  head: string;
  body: string;
  siteName: string;
  /** The site's logo (settings `site_logo`), shown before its name. */
  logo?: { url: string; width?: number | undefined; height?: number | undefined } | undefined;
  home: string;
}

function logoHtml(logo: Layout['logo']): string {
  const src = logo && safeUrl(logo.url);
  if (!src) return '';
  const size = logo.width && logo.height ? ` width="${logo.width}" height="${logo.height}"` : '';
  // The name follows as text, so the image adds nothing for a screen reader.
  return `<img class="logo" src="${attr(src)}" alt=""${size}>`;
}

const STYLE = `
:root{color-scheme:light dark;--fg:#1d2330;--muted:#5b6475;--bg:#f6f7f9;--card:#fff;--accent:#2457c5;--line:#e2e5ea}
@media (prefers-color-scheme:dark){:root{--fg:#e7e9ee;--muted:#a3abba;--bg:#14171c;--card:#1c2028;--accent:#7aa2ff;--line:#2c313b}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header.site{padding:.8rem 1.25rem;border-bottom:1px solid var(--line);background:var(--card)}
header.site a{color:var(--fg);text-decoration:none;font-weight:600}
a.brand{display:inline-flex;align-items:center;gap:.6rem;font-size:1.1rem}
a.brand img.logo{height:2.5rem;width:auto;max-width:10rem;object-fit:contain}
main{max-width:46rem;margin:2rem auto;padding:0 1.25rem}
article,section.card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1.5rem;margin-bottom:1.25rem}
h1{font-size:1.9rem;line-height:1.2;margin:0 0 .5rem}
h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
a{color:var(--accent)}
.when{font-size:1.1rem;font-weight:500;margin:.25rem 0 1rem}
.muted,.meta{color:var(--muted)}
.terms a{display:inline-block;margin:0 .35rem .35rem 0;padding:.1rem .6rem;border:1px solid var(--line);border-radius:999px;text-decoration:none;font-size:.9rem}
.image img{max-width:100%;height:auto;border-radius:8px}
ul.events{list-style:none;padding:0;margin:0}
ul.events li{padding:.6rem 0;border-top:1px solid var(--line)}
ul.events li:first-child{border-top:0}
ul.events .date{display:block;color:var(--muted);font-size:.9rem}
address{font-style:normal}
nav.pages{display:flex;justify-content:space-between;margin-top:1rem}
footer{max-width:46rem;margin:0 auto 2rem;padding:0 1.25rem;color:var(--muted);font-size:.85rem}
article.calendar{max-width:none}
main:has(article.calendar){max-width:64rem}
.toolbar{display:flex;flex-wrap:wrap;gap:.75rem 1.5rem;align-items:center;justify-content:space-between;margin:1rem 0}
nav.views{display:flex;gap:.25rem}
.view-actions{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center}
.view{margin-bottom:1.5rem}
nav.views a{padding:.35rem .9rem;border:1px solid var(--line);border-radius:999px;text-decoration:none}
nav.views a[aria-current]{background:var(--accent);border-color:var(--accent);color:var(--card)}
form.search{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center}
form.search label{font-size:.9rem;color:var(--muted)}
form.search input{font:inherit;padding:.35rem .6rem;border:1px solid var(--line);border-radius:8px;background:var(--card);color:var(--fg);min-width:0;flex:1 1 10rem}
button,.button{font:inherit;display:inline-block;padding:.4rem .9rem;border:1px solid var(--accent);border-radius:8px;background:var(--accent);color:var(--card);text-decoration:none;cursor:pointer}
button.print{background:var(--card);color:var(--accent)}
button[hidden]{display:none}
.swatch{display:inline-block;flex:none;width:.75em;height:.75em;margin-right:.35em;border:1px solid var(--muted);border-radius:3px;vertical-align:-.04em;print-color-adjust:exact;-webkit-print-color-adjust:exact}
nav.filter ul{list-style:none;display:flex;flex-wrap:wrap;gap:.4rem;margin:0 0 1rem;padding:0}
nav.filter a{display:inline-flex;align-items:center;padding:.2rem .75rem;border:1px solid var(--line);border-radius:999px;background:var(--card);color:var(--fg);text-decoration:none;font-size:.9rem}
nav.filter a:hover{border-color:var(--accent)}
nav.filter a[aria-current]{border-color:var(--accent);box-shadow:inset 0 0 0 1px var(--accent);font-weight:600}
ol.week{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(7,minmax(0,1fr));border:1px solid var(--line)}
ol.week>li{padding:.35rem;border-left:1px solid var(--line);min-height:10rem;font-size:.85rem;overflow-wrap:anywhere}
ol.week>li:first-child{border-left:0}
ol.week>li[aria-current]{outline:2px solid var(--accent);outline-offset:-2px}
ol.week h3{font-size:.85rem;margin:0 0 .3rem}
ol.week h3::first-letter{text-transform:uppercase}
ol.week ul{list-style:none;margin:0;padding:0}
ol.week ul li{margin:.3rem 0;line-height:1.3}
ol.week .time{display:block;color:var(--muted)}
nav.months{display:flex;align-items:center;justify-content:space-between;gap:.5rem;margin:1rem 0 .5rem}
nav.months h2{margin:0;text-transform:capitalize}
nav.months a{text-transform:capitalize}
nav.months.weeks a,nav.months.weeks h2{text-transform:none}
table.month{width:100%;border-collapse:collapse;table-layout:fixed}
table.month caption{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
table.month th{font-size:.85rem;color:var(--muted);font-weight:600;padding:.3rem;text-align:left}
table.month td{vertical-align:top;border:1px solid var(--line);height:6.5rem;padding:.3rem;font-size:.85rem;overflow-wrap:anywhere}
table.month td.outside{color:var(--muted);background:transparent}
table.month td.outside .day{font-weight:400}
table.month td[aria-current]{outline:2px solid var(--accent);outline-offset:-2px}
table.month .day{font-weight:600}
table.month .weekday{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
table.month ul{list-style:none;margin:.2rem 0 0;padding:0}
table.month li{margin:.15rem 0;line-height:1.3}
table.month .time{color:var(--muted)}
.mark{display:inline-block;font-size:.8em;font-weight:700;line-height:1.3;padding:0 .4em;border:1px solid currentColor;border-radius:4px;text-transform:uppercase;letter-spacing:.03em;text-decoration:none}
.is-canceled>a,h1.is-canceled{text-decoration:line-through}
.event-status{margin:0 0 1rem;padding:.6rem .8rem;border:1px solid var(--line);border-radius:8px;font-weight:500}
.subscribe-grid{display:flex;flex-wrap:wrap;gap:1rem 2rem;align-items:flex-start;justify-content:space-between}
.subscribe-grid>div{flex:1 1 18rem;min-width:0}
.subscribe figure{margin:0;text-align:center;font-size:.85rem;color:var(--muted)}
.subscribe-phones{flex:0 1 16rem;margin:0}
.subscribe svg.qr{display:block;margin:0 auto .4rem;background:#fff;border-radius:8px}
a.feed-url{overflow-wrap:anywhere}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em}
@media (max-width:40rem){
main{margin:1rem auto;padding:0 .75rem}
article,section.card{padding:1rem}
table.month,table.month tbody,table.month tr,table.month td{display:block;width:auto;height:auto;border:0}
table.month thead{display:none}
table.month td{padding:.5rem 0;border-top:1px solid var(--line)}
table.month td:not(.busy),table.month td.outside{display:none}
table.month .weekday{position:static;width:auto;height:auto;clip:auto;text-transform:capitalize}
ol.week{display:block;border:0}
ol.week>li{min-height:0;border-left:0;border-top:1px solid var(--line);padding:.5rem 0;font-size:1rem}
ol.week>li.free h3{font-weight:400;color:var(--muted)}
ol.week .time{display:inline}
}
@media print{
:root{--fg:#000;--muted:#444;--bg:#fff;--card:#fff;--line:#999;--accent:#000}
body{font-size:11pt;background:#fff}
nav.views,form.search,nav.filter,button.print,nav.pages,.subscribe,p.meta:last-child{display:none}
header.site{border:0;padding:0 0 .5rem}
a.brand img.logo{height:1.6rem}
main,main:has(article.calendar){max-width:none;margin:0;padding:0}
article,section.card{border:0;padding:0;margin:0 0 1rem}
a{color:#000;text-decoration:none}
nav.months a{display:none}
nav.months{justify-content:center}
table.month{page-break-inside:avoid}
table.month td{height:5.5rem}
ul.events li{page-break-inside:avoid}
ol.week{display:block;border:0}
ol.week>li{min-height:0;border:0;border-top:1px solid var(--line);padding:.3rem 0;page-break-inside:avoid}
ol.week .time{display:inline}
}
`;

export function page(layout: Layout): string {
  return `<!doctype html>
<html lang="${attr(layout.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text(layout.title)} – ${text(layout.siteName)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${layout.head}
<style>${STYLE}</style>
</head>
<body>
<header class="site"><a class="brand" href="${attr(layout.home)}">${logoHtml(layout.logo)}<span>${text(layout.siteName)}</span></a></header>
<main>
${layout.body}
</main>
<script>${PRINT_SCRIPT}</script>
</body>
</html>
`;
}

/**
 * Content-Security-Policy of the public pages: no script runs but the Print button's (by its
 * hash), styles are the page's own, and forms (the calendar's search) only go to this site.
 */
export const PAGE_CSP = `default-src 'none'; script-src ${PRINT_SCRIPT_SOURCE}; style-src 'unsafe-inline'; img-src http: https: data:; base-uri 'none'; form-action 'self'; frame-ancestors 'self'`;
