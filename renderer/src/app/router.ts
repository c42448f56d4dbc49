/**
 * A minimal History-API router: the console has a dozen flat screens, so a path matcher and a
 * navigate() cover it without a routing framework. Paths are relative to the /console/ base.
 */
import { useEffect, useSyncExternalStore } from 'react';

export const BASE = '/console';

const listeners = new Set<() => void>();
/** Screens with unsaved changes; while there is one, leaving it asks first. */
const unsaved = new Set<object>();
export const LEAVE_QUESTION = 'Leave this page? Your unsaved changes will be lost.';
/** The address shown, to go back to when the user stays after pressing Back. */
let shown: string | undefined;

function mayLeave(): boolean {
  return unsaved.size === 0 || window.confirm(LEAVE_QUESTION);
}

function onPopState() {
  if (!mayLeave()) {
    if (shown !== undefined) window.history.pushState(null, '', href(shown));
    return;
  }
  unsaved.clear();
  shown = current();
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('popstate', onPopState);
  listeners.add(listener);
  shown ??= current();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', onPopState);
  };
}

/**
 * While `dirty`, leaving the screen (a link, Back, reload, closing the window) asks first.
 * Saving (which clears `dirty`) lifts it.
 */
export function useLeaveGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const token = {};
    unsaved.add(token);
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      unsaved.delete(token);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);
}

function current(): string {
  const { pathname, search } = window.location;
  const inner = pathname.startsWith(BASE) ? pathname.slice(BASE.length) : pathname;
  return (inner === '' ? '/' : inner) + search;
}

export function useLocation(): { path: string; query: URLSearchParams } {
  const full = useSyncExternalStore(subscribe, current, current);
  const [path = '/', search = ''] = full.split('?');
  return { path, query: new URLSearchParams(search) };
}

export function href(path: string): string {
  return `${BASE}${path}`;
}

/**
 * Goes to `path`. A replacing navigation is the screen's own (a created item's address after
 * saving it) and never asks; any other asks first while a screen has unsaved changes.
 */
export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (!options.replace && !mayLeave()) return;
  if (!options.replace) unsaved.clear();
  shown = path;
  const url = href(path);
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  listeners.forEach((listener) => listener());
  window.scrollTo?.(0, 0);
}

/** Matches `/events/:id` style patterns; returns the named segments or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split('/').filter(Boolean);
  const b = path.split('/').filter(Boolean);
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    const p = a[i]!;
    const s = decodeURIComponent(b[i]!);
    if (p.startsWith(':')) params[p.slice(1)] = s;
    else if (p !== s) return null;
  }
  return params;
}
