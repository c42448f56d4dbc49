/**
 * What a handler knows about the request it serves: who is asking, how to build links back to
 * the API, and which raw parameters were actually sent (updates merge, so "omitted" matters).
 */
import type { Actor } from '../../shared/roles.js';
import type { Services } from '../services.js';
import type { Links } from './links.js';

export interface RequestContext {
  actor: Actor | null;
  services: Services;
  links: Links;
  method: string;
  /** The names of the parameters present in the request (query, body and path). */
  sent: ReadonlySet<string>;
  /** Raw values as received, for the few fields whose meaning depends on their original form. */
  raw: Readonly<Record<string, unknown>>;
  /** The Bearer token of the request, when it used one (to end that session). */
  bearerToken?: string | undefined;
  /** The client's address, for throttling failed logins. */
  client: string;
  /** A request header, for the few routes that read one (`Last-Event-ID`, `Authorization`). */
  header(name: string): string | undefined;
  /** Aborts when the client goes away before its answer is sent. */
  signal: AbortSignal;
}
