/**
 * After a refused save, moves the focus to the first field in error (or to the form's error
 * note when no field is named), so that keyboard and screen reader users land on what to fix.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

export function useErrorFocus(): [RefObject<HTMLFormElement | null>, () => void] {
  const ref = useRef<HTMLFormElement | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0 || !ref.current) return;
    const target =
      ref.current.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      ref.current.querySelector<HTMLElement>('.note--error');
    if (!target) return;
    target.scrollIntoView?.({ block: 'center' });
    target.focus({ preventScroll: true });
  }, [attempt]);
  // A new attempt each time, so a second refused save with the same errors moves the focus again.
  return [ref, () => setAttempt((n) => n + 1)];
}
