/**
 * A modal question: focus moves into it, stays there (Tab wraps), Escape or a click outside
 * cancels, and focus goes back where it was when it closes. `useQuestion` turns it into a
 * promise the caller awaits.
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
import { keepTabInside } from './keepTabInside';

/** The dialog to render for the open question, and `ask()`, resolved by `answer` (null: cancel). */
export function useQuestion<Q, A>(
  render: (question: Q, answer: (value: A | null) => void) => ReactNode,
): [ReactNode, (question: Q) => Promise<A | null>] {
  const [question, setQuestion] = useState<{ value: Q } | null>(null);
  const resolver = useRef<((value: A | null) => void) | null>(null);
  const ask = useCallback(
    (value: Q) =>
      new Promise<A | null>((resolve) => {
        resolver.current = resolve;
        setQuestion({ value });
      }),
    [],
  );
  const answer = (value: A | null) => {
    resolver.current?.(value);
    resolver.current = null;
    setQuestion(null);
  };
  return [question ? render(question.value, answer) : null, ask];
}

export function Dialog({
  title,
  text,
  onCancel,
  children,
}: {
  title: string;
  text: ReactNode;
  onCancel(): void;
  children: ReactNode;
}) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    box.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
    return () => before?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
    keepTabInside(event, [
      ...(box.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? []),
    ]);
  };

  return (
    <div className="dialog-backdrop" onClick={onCancel}>
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
        <h2 id={`${id}-title`}>{title}</h2>
        <div id={`${id}-text`} className="muted">
          {text}
        </div>
        {children}
      </div>
    </div>
  );
}
