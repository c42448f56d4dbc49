/**
 * "This event / this and following / all events": asked before saving or trashing an occurrence
 * of a series, answered with the API's `scope` (docs/api/recurrence.md).
 */
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { Scope } from '../../../shared/recurrence/schema';
import { Button } from '../ui/Button';

export interface ScopeQuestion {
  action: 'save' | 'trash';
  /** A new rule cannot apply to one occurrence alone (the API refuses it). */
  ruleChanged?: boolean;
}

const CHOICES: Array<[Scope, string]> = [
  ['this', 'This event'],
  ['following', 'This and following events'],
  ['all', 'All events'],
];

/** The dialog to render, and `ask()`, which resolves with the chosen scope or null (cancel). */
export function useScopeQuestion(): [ReactNode, (q: ScopeQuestion) => Promise<Scope | null>] {
  const [question, setQuestion] = useState<ScopeQuestion | null>(null);
  const resolver = useRef<((scope: Scope | null) => void) | null>(null);
  const ask = useCallback(
    (q: ScopeQuestion) =>
      new Promise<Scope | null>((resolve) => {
        resolver.current = resolve;
        setQuestion(q);
      }),
    [],
  );
  const answer = (scope: Scope | null) => {
    resolver.current?.(scope);
    resolver.current = null;
    setQuestion(null);
  };
  const dialog = question ? <ScopeDialog question={question} onAnswer={answer} /> : null;
  return [dialog, ask];
}

function ScopeDialog({
  question,
  onAnswer,
}: {
  question: ScopeQuestion;
  onAnswer(scope: Scope | null): void;
}) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const saving = question.action === 'save';

  // Focus moves into the dialog, stays there, and goes back where it was when it closes.
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    box.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
    return () => before?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onAnswer(null);
    }
    if (event.key !== 'Tab') return;
    const buttons = [...(box.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])].filter(
      (b) => !b.disabled,
    );
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className="dialog-backdrop" onClick={() => onAnswer(null)}>
      <div
        ref={box}
        className="dialog card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        onKeyDown={onKeyDown}
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id={`${id}-title`}>{saving ? 'Save a repeating event' : 'Trash a repeating event'}</h2>
        <p id={`${id}-text`} className="muted">
          {saving
            ? 'This event is one of a series. Which events should the changes apply to?'
            : 'This event is one of a series. Which events should go to the trash?'}
        </p>
        <div className="dialog__choices">
          {CHOICES.map(([scope, label]) => {
            const disabled = scope === 'this' && question.ruleChanged === true;
            return (
              <Button
                key={scope}
                variant={scope === 'this' && !disabled ? 'primary' : 'secondary'}
                disabled={disabled}
                onClick={() => onAnswer(scope)}
              >
                {label}
              </Button>
            );
          })}
        </div>
        {question.ruleChanged && (
          <p className="field__hint">A new repeat rule applies to several events at once.</p>
        )}
        <div className="form-actions">
          <Button variant="ghost" onClick={() => onAnswer(null)}>
            Cancel
          </Button>
        </div>
      </div>
    </div>
  );
}
