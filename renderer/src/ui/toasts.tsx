/**
 * Short notices, optionally with one action (Undo). They announce themselves politely to screen
 * readers and leave after a few seconds, but never while the pointer is on one of their buttons
 * or the focus is in them: an Undo being reached for must not vanish. They sit in a band along
 * the bottom of the content column whose height the page makes room for (--toast-space): the
 * editors' and the explorer's action rows stick above it, so a notice never covers Save or Send.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { t as translate } from '../i18n';

export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'error' | 'success';
  action?: { label: string; run(): void };
}

type Push = (toast: Omit<Toast, 'id'>) => void;

const ToastContext = createContext<Push>(() => undefined);

/** What is left of a toast's time on screen, and its running timer. */
interface Clock {
  remaining: number;
  started: number;
  timer?: ReturnType<typeof setTimeout> | undefined;
}

/** After a pause, a toast stays at least this long, to be read again. */
const AFTER_PAUSE_MS = 2_000;

/**
 * Scrolls the page's controls out from under the notices: the page has room below for it
 * (--toast-space), so a row's Restore or Delete stays reachable while its notice shows.
 */
function clearOf(band: HTMLElement): void {
  const notices = [...band.children].map((c) => c.getBoundingClientRect());
  if (notices.length === 0) return;
  const top = Math.min(...notices.map((n) => n.top));
  const controls = document.querySelectorAll<HTMLElement>(
    '#main button, #main a[href], #main input, #main select',
  );
  let lowest = -Infinity;
  for (const control of controls) {
    const box = control.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const under = notices.some(
      (n) => n.left < box.right && box.left < n.right && n.top < box.bottom && box.top < n.bottom,
    );
    if (under) lowest = Math.max(lowest, box.bottom);
  }
  if (lowest > -Infinity) window.scrollBy({ top: lowest - top + 8 });
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const clocks = useRef(new Map<number, Clock>());
  /** Hovered and focused: each one alone holds the toasts. */
  const holds = useRef({ hover: false, focus: false });
  const band = useRef<HTMLDivElement>(null);

  // The band's height, gap to the window's edge included, for the page to keep clear of.
  useEffect(() => {
    const element = band.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => {
      const height = element.offsetHeight;
      const gap = window.innerHeight - element.getBoundingClientRect().bottom;
      root.setProperty('--toast-space', height > 0 ? `${Math.ceil(height + gap + 8)}px` : '0px');
      // A notice that lands over a control (the row's Restore that was just used) moves the
      // page up, into the room made below, until none is under it.
      if (height > 0) requestAnimationFrame(() => clearOf(element));
    });
    observer.observe(element);
    // The page may grow under a notice already shown (the list it answers reloads a row more).
    observer.observe(document.body);
    return () => {
      observer.disconnect();
      root.removeProperty('--toast-space');
    };
  }, []);

  const dismiss = useCallback((id: number) => {
    clearTimeout(clocks.current.get(id)?.timer);
    clocks.current.delete(id);
    setToasts((all) => all.filter((t) => t.id !== id));
  }, []);
  const run = useCallback(
    (id: number, clock: Clock) => {
      clock.started = Date.now();
      clock.timer = setTimeout(() => dismiss(id), clock.remaining);
    },
    [dismiss],
  );
  const held = () => holds.current.hover || holds.current.focus;

  const push = useCallback<Push>(
    (toast) => {
      const id = next.current++;
      // Three at most: the oldest gives way (its timer then finds nothing to remove).
      setToasts((all) => [...all.slice(-2), { ...toast, id }]);
      const clock: Clock = { remaining: toast.action ? 10_000 : 5_000, started: Date.now() };
      clocks.current.set(id, clock);
      if (!held()) run(id, clock);
    },
    [dismiss, run],
  );

  const hold = (kind: 'hover' | 'focus', on: boolean) => {
    const before = held();
    holds.current[kind] = on;
    if (before === held()) return;
    for (const [id, clock] of clocks.current) {
      if (held()) {
        clearTimeout(clock.timer);
        clock.timer = undefined;
        clock.remaining = Math.max(clock.remaining - (Date.now() - clock.started), 0);
      } else {
        clock.remaining = Math.max(clock.remaining, AFTER_PAUSE_MS);
        run(id, clock);
      }
    }
  };

  const value = useMemo(() => push, [push]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        ref={band}
        className="toasts"
        role="status"
        aria-live="polite"
        onMouseEnter={() => hold('hover', true)}
        onMouseLeave={() => hold('hover', false)}
        onFocus={() => hold('focus', true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null))
            hold('focus', false);
        }}
      >
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.tone}`}>
            <span>{toast.message}</span>
            {toast.action && (
              <button
                type="button"
                className="toast__action"
                onClick={() => {
                  toast.action!.run();
                  dismiss(toast.id);
                }}
              >
                {toast.action.label}
              </button>
            )}
            <button
              type="button"
              className="toast__close"
              aria-label={translate('ui.dismiss')}
              onClick={() => dismiss(toast.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
