/** The frame of an inline "+ New …" panel inside the event editor, with its Create and Cancel. */
import type { KeyboardEvent, ReactNode } from 'react';
import { Button } from '../ui/Button';

import type { Kind } from '../api/resources';
import { useT } from '../i18n';
interface Props {
  /** What is created. */
  kind: Kind;
  busy: boolean;
  /** The panel's own Create, also what Enter in one of its text fields does. */
  onCreate(): void;
  onCancel(): void;
  children: ReactNode;
}

/**
 * The panel sits inside the event form, where Enter in a text field would submit the whole
 * event (implicit submission). Enter here acts on the panel instead; buttons, text areas and
 * selects keep their own Enter.
 */
export function InlinePanel({ kind, busy, onCreate, onCancel, children }: Props) {
  const t = useT();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (!(event.target instanceof HTMLInputElement)) return;
    if (['button', 'submit', 'checkbox', 'radio', 'file'].includes(event.target.type)) return;
    event.preventDefault();
    onCreate();
  };
  return (
    <div
      className="inline-create"
      role="group"
      aria-label={t(`resource.${kind}.new`)}
      onKeyDown={onKeyDown}
    >
      {children}
      <div className="form-actions">
        <Button small variant="primary" busy={busy} onClick={onCreate}>
          {t(`resource.${kind}.create`)}
        </Button>
        <Button small variant="ghost" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </div>
  );
}
