/**
 * The mark of a canceled or postponed event on the public pages (docs/contract/extensions.md
 * §E7): words, not only a style, so that every reader and every screen reader gets it; the
 * event stays listed and its title is struck through beside the mark.
 */
import type { EventWire } from '../../shared/schemas/wire/index.js';
import { text } from './html.js';
import { LABELS } from './labels.js';
import type { PageContext } from './pages.js';

type Marked = Pick<EventWire, 'event_status' | 'event_status_reason'>;

const WORD = { canceled: LABELS.canceled, postponed: LABELS.postponed } as const;

/** `<span class="mark …">Canceled</span> ` before a title in a list, or '' when scheduled. */
export function statusMark(event: Marked, c: PageContext): string {
  if (event.event_status === 'scheduled') return '';
  return `<span class="mark mark--${event.event_status}">${text(c.t(WORD[event.event_status]))}</span> `;
}

/** The class a listed event gets, whose title is then struck through. */
export const statusClass = (event: Marked): string =>
  event.event_status === 'scheduled' ? '' : ` class="is-${event.event_status}"`;

/** The notice at the top of an event's page: the mark and the reason. */
export function statusNotice(event: Marked, c: PageContext): string {
  if (event.event_status === 'scheduled') return '';
  const reason = event.event_status_reason.trim();
  return `<p class="event-status">${statusMark(event, c)}${reason === '' ? '' : text(reason)}</p>`;
}
