/** Rendering helpers for component tests: providers and a scripted fetch. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { ToastProvider } from '../../renderer/src/ui/toasts';
import { loadCatalogue } from '../../renderer/src/i18n';

// The parts the console fetches with their screens, there before any component renders (the
// console's own <Suspense> waits for them; these tests render screens without it).
await loadCatalogue('en', ['core', 'admin', 'explorer', 'devices']);

export function renderWithProviders(ui: ReactElement) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>{ui}</ToastProvider>
    </QueryClientProvider>,
  );
}

export interface Recorded {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };

/** Replaces fetch: `routes` maps "METHOD /path" (no query) to a reply or a function of the request. */
export function scriptFetch(routes: Record<string, Reply | ((req: Recorded) => Reply)>) {
  const calls: Recorded[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const text = typeof init.body === 'string' ? init.body : undefined;
    const req: Recorded = {
      method,
      url,
      body: text ? JSON.parse(text) : undefined,
      headers: Object.fromEntries(
        Object.entries((init.headers as Record<string, string>) ?? {}).map(([k, v]) => [
          k.toLowerCase(),
          v,
        ]),
      ),
    };
    calls.push(req);
    const path = new URL(url, 'http://localhost').pathname;
    const route = routes[`${method} ${path}`];
    const reply =
      typeof route === 'function'
        ? route(req)
        : (route ?? {
            status: 404,
            body: { code: 'rest_no_route', message: 'No route.', data: { status: 404 } },
          });
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}
