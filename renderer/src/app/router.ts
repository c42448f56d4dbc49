/**
 * A minimal History-API router: the console has a dozen flat screens, so a path matcher and a
 * navigate() cover it without a routing framework. Paths are relative to the /console/ base.
 */
import { useSyncExternalStore } from 'react';

export const BASE = '/console';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
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

export function navigate(path: string, options: { replace?: boolean } = {}): void {
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
