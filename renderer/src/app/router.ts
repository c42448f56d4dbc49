/**
 * A minimal History-API router: the console has a dozen flat screens, so a path matcher and a
 * navigate() cover it without a routing framework. Paths are relative to the /console/ base.
 */
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { t } from '../i18n';

export const BASE = '/console';

const listeners = new Set<() => void>();
/** Screens with unsaved changes; while there is one, leaving it asks first. */
const unsaved = new Set<object>();
/** The address shown, to go back to when the user stays after pressing Back. */
let shown: string | undefined;

function mayLeave(): boolean {
  return unsaved.size === 0 || window.confirm(t('app.leave'));
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
export function navigate(
  path: string,
  options: { replace?: boolean; keepScroll?: boolean } = {},
): void {
  if (!options.replace && !mayLeave()) return;
  if (!options.replace) unsaved.clear();
  shown = path;
  const url = href(path);
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  listeners.forEach((listener) => listener());
  if (!options.keepScroll) window.scrollTo?.(0, 0);
}

/** A change to the address's query: a value, or `undefined` to drop the parameter. */
export type UrlPatch = Record<string, string | undefined>;

/**
 * A screen's state kept in the query string (view, date, filters, page, sort), so reload,
 * Back/Forward, bookmarks and shared links bring it back. A value equal to its default is left
 * out of the address. `set` adds a history entry (Back undoes it) unless `replace` is given, as
 * for each keystroke of a search.
 */
export function useUrlState<K extends string>(
  defaults: Readonly<Record<K, string>>,
): [
  Record<K, string>,
  (
    patch: Partial<Record<K, string | undefined>> & UrlPatch,
    options?: { replace?: boolean },
  ) => void,
] {
  const { query } = useLocation();
  const initial = useRef(defaults);
  initial.current = defaults;
  const values = {} as Record<K, string>;
  for (const key of Object.keys(defaults) as K[]) values[key] = query.get(key) ?? defaults[key];
  const set = useCallback((patch: UrlPatch, options: { replace?: boolean } = {}) => {
    const [path = '/', search = ''] = current().split('?');
    const next = new URLSearchParams(search);
    const fallback: Readonly<Record<string, string>> = initial.current;
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined || value === fallback[key]) next.delete(key);
      else next.set(key, value);
    }
    const text = next.toString();
    const target = text === '' ? path : `${path}?${text}`;
    if (target !== current()) navigate(target, { replace: options.replace, keepScroll: true });
  }, []);
  return [values, set];
}

/** Names the screen in the window title and the browser's history: "<title> — Almanac". */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} — Almanac`;
  }, [title]);
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
