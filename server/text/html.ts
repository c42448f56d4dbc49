/**
 * Descriptions and excerpts (docs/contract/decisions.md, Input): HTML is sanitised on write to formatting tags
 * only, and text is returned in paragraphs the way the reference's `wpautop` filter returns it.
 * Shared by events, venues and organizers.
 */
import sanitize from 'sanitize-html';

const FORMATTING_TAGS = [
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'ins',
  'mark',
  'small',
  'sub',
  'sup',
  'span',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'q',
  'cite',
  'code',
  'pre',
  'abbr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'img',
  'div',
];

const OPTIONS: sanitize.IOptions = {
  allowedTags: FORMATTING_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    abbr: ['title'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start'],
  },
  // No javascript:, data: or vbscript: URLs anywhere.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/** Keeps formatting tags only; strips scripts, styles, event handlers and unsafe URLs. */
export function sanitizeHtml(input: string): string {
  return sanitize(input, OPTIONS).trim();
}

const BLOCK_START =
  /^<(?:p|div|ul|ol|li|h[1-6]|blockquote|pre|table|thead|tbody|tr|td|th|hr|dl|dt|dd|figure|figcaption)[\s>/]/i;

/**
 * Paragraphs as WordPress's `wpautop` makes them: blank lines separate paragraphs, single line
 * breaks become `<br />`, and blocks that already are block elements stay as they are.
 */
export function autop(html: string): string {
  const text = html.replace(/\r\n?/g, '\n').trim();
  if (text === '') return '';
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) =>
      BLOCK_START.test(block) ? block : `<p>${block.replace(/\n/g, '<br />\n')}</p>`,
    )
    .join('\n');
}

/** The characters sanitize-html leaves encoded in text, decoded (`&amp;` last, so once). */
function decodeText(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Text without tags or entities, whitespace collapsed (JSON-LD descriptions, search snippets). */
export function plainText(html: string): string {
  return sanitize(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Text without tags or entities that keeps the shape of the HTML: paragraphs and blocks end with
 * a blank line, `<br>` and list items with a line break (iCalendar DESCRIPTION, which is plain).
 */
export function textWithBreaks(html: string): string {
  // Most descriptions are short plain text: no markup, nothing to parse.
  if (!/[<&]/.test(html)) return html.replace(/\r\n?/g, '\n').trim();
  const marked = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(?:p|div|h[1-6]|blockquote|pre|table|ul|ol|dl|figure)\s*>/gi, '\n\n')
    .replace(/<\/(?:li|tr|dt|dd)\s*>/gi, '\n')
    .replace(/<li(?:\s[^>]*)?>/gi, '• ');
  return decodeText(sanitize(marked, { allowedTags: [], allowedAttributes: {} }))
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
