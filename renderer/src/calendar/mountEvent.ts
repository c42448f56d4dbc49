/** What each calendar event element gets once drawn: words for assistive tech and hover. */
import type { EventMountArg } from '@fullcalendar/core';
import type { EventWire } from '../../../shared/schemas/wire';
import { navigate } from '../app/router';
import { eventLabel } from './eventLabel';

export function mountEvent(info: EventMountArg, zone: string, twelve: boolean): void {
  const event = info.event.extendedProps.event as EventWire;
  const label = eventLabel(event, zone, twelve);
  // Said after what the block shows, not instead of it (WCAG 2.5.3: a voice-control user names
  // the event by the words on screen).
  const details = document.createElement('span');
  details.className = 'visually-hidden';
  details.textContent = `, ${label}`;
  info.el.append(details);
  // The full title (cells cut it short) with its time and status, on hover.
  info.el.title = label;
  // Reachable from the keyboard like a link: Enter opens the event.
  info.el.tabIndex = 0;
  info.el.setAttribute('role', 'link');
  info.el.addEventListener('keydown', (key) => {
    if (key.key === 'Enter') navigate(`/events/${info.event.id}`);
  });
}

/** Text arrows need a spoken name: the hint FullCalendar keeps in their title. */
export function labelArrows(root: HTMLElement | null): (() => void) | undefined {
  if (!root) return undefined;
  const apply = () =>
    root
      .querySelectorAll<HTMLButtonElement>('.fc-prev-button, .fc-next-button')
      .forEach((button) => {
        if (button.title && button.getAttribute('aria-label') !== button.title)
          button.setAttribute('aria-label', button.title);
      });
  apply();
  const observer = new MutationObserver(apply);
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['title'],
  });
  return () => observer.disconnect();
}
