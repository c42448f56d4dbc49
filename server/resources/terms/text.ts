/** Cleaning of term names, descriptions and slugs before they are stored. */
import sanitizeHtml from 'sanitize-html';
import slugify from 'slugify';

/** Formatting only: no scripts, event handlers or `javascript:` URLs (decisions.md, Input). */
const DESCRIPTION_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['a', 'b', 'strong', 'i', 'em', 'u', 's', 'br', 'p', 'ul', 'ol', 'li', 'code'],
  allowedAttributes: { a: ['href', 'title'] },
  allowedSchemes: ['http', 'https', 'mailto'],
};

/** Names are plain text: tags are dropped and whitespace runs collapse. */
export function cleanName(name: string): string {
  return name
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function cleanDescription(description: string): string {
  return sanitizeHtml(description, DESCRIPTION_HTML).trim();
}

/** Lower-case ASCII words joined by hyphens, as WordPress's `sanitize_title` gives. */
export function toSlug(text: string): string {
  return slugify(text, { lower: true, strict: true, trim: true })
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}
