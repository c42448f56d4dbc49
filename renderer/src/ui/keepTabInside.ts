import type { KeyboardEvent } from 'react';

/**
 * Keeps Tab and Shift+Tab inside a modal box: from its last focusable item Tab goes to the first,
 * from the first Shift+Tab goes to the last. The dialogs and the quick-create popover share it so
 * a keyboard user meets one behaviour.
 */
export function keepTabInside(event: KeyboardEvent, items: readonly HTMLElement[]): void {
  if (event.key !== 'Tab') return;
  const first = items[0];
  const last = items[items.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}
