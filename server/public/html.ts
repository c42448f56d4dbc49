/**
 * HTML building blocks of the public pages. Every value from the database goes through `text`
 * or `attr` (escaped) or `rich` (sanitised to formatting tags), URLs through `safeUrl`, and
 * JSON-LD through `jsonLdScript`, so stored content can never run as script on these pages.
 */
import { sanitizeHtml } from '../text/html.js';

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
  home: string;
}

const STYLE = `
:root{color-scheme:light dark;--fg:#1d2330;--muted:#5b6475;--bg:#f6f7f9;--card:#fff;--accent:#2457c5;--line:#e2e5ea}
@media (prefers-color-scheme:dark){:root{--fg:#e7e9ee;--muted:#a3abba;--bg:#14171c;--card:#1c2028;--accent:#7aa2ff;--line:#2c313b}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header.site{padding:.8rem 1.25rem;border-bottom:1px solid var(--line);background:var(--card)}
header.site a{color:var(--fg);text-decoration:none;font-weight:600}
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
`;

export function page(layout: Layout): string {
  return `<!doctype html>
<html lang="${attr(layout.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text(layout.title)} – ${text(layout.siteName)}</title>
${layout.head}
<style>${STYLE}</style>
</head>
<body>
<header class="site"><a href="${attr(layout.home)}">${text(layout.siteName)}</a></header>
<main>
${layout.body}
</main>
</body>
</html>
`;
}

/** Content-Security-Policy of the public pages: no script runs, styles are the page's own. */
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";
