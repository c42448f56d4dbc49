/** The frame of an inline "+ New …" panel inside the event editor. */
import type { KeyboardEvent, ReactNode } from 'react';

interface Props {
  label: string;
  /** What Enter in one of the panel's text fields does: the panel's own Create. */
  onEnter(): void;
  children: ReactNode;
}

/**
 * The panel sits inside the event form, where Enter in a text field would submit the whole
 * event (implicit submission). Enter here acts on the panel instead; buttons, text areas and
 * selects keep their own Enter.
 */
export function InlinePanel({ label, onEnter, children }: Props) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (!(event.target instanceof HTMLInputElement)) return;
    if (['button', 'submit', 'checkbox', 'radio', 'file'].includes(event.target.type)) return;
    event.preventDefault();
    onEnter();
  };
  return (
    <div className="inline-create" role="group" aria-label={label} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}
