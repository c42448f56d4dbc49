/**
 * Conditional writes (docs/contract/extensions.md E3, RFC 9110 13.1.1). A write that carries
 * `If-Match` goes ahead only when the tag matches what a GET of the same URL, by the same caller,
 * answers now. The GET is computed through the route's own GET endpoint (so every resource with a
 * GET gets this for free, and the tag is exactly the one clients see), twice: once before the
 * handler runs, so a stale write fails before doing anything, and again as the first thing inside
 * the handler's write transaction, under the write lock, so an edit committed in between (by this
 * or another server process) cannot slip through.
 */
import type { WriteHooks } from '../storage/write-hooks.js';
import type { RequestContext } from './context.js';
import { DomainError, type Problems } from '../errors.js';
import { ApiError, forbidden, fromDomainError, invalidParams } from './errors.js';
import { etagOf, ifMatchAllows } from './etag.js';
import type { CompiledRoute } from './registry.js';
import type { ApiResponse } from './route.js';
import { parseArgs } from './validate.js';

export const preconditionFailed = (): ApiError =>
  new ApiError(
    'rest_precondition_failed',
    'The resource changed since the version named by If-Match: read it again, or write without If-Match to overwrite.',
    412,
  );

/** The current tag; `absent` when the resource does not exist (the write then answers itself). */
type Current = { tag: string | undefined } | 'absent';

function classify(error: unknown): Current {
  // A resource that does not exist: the write would fail with its own error, which wins over a
  // precondition (RFC 9110 13.2.1). Any other refusal (trashed, not readable) is "no current
  // representation", which no If-Match matches.
  const answer = error instanceof DomainError ? fromDomainError(error) : error;
  if (answer instanceof ApiError && (answer.status === 404 || answer.status === 400)) {
    return 'absent';
  }
  if (answer instanceof ApiError) return { tag: undefined };
  throw error;
}

export interface Precondition {
  /** Throws 412 when the tag does not match now. */
  checkNow(): Promise<void>;
  /** The same check inside the first write transaction of the handler. */
  hooks: WriteHooks;
}

export function precondition(
  header: string,
  route: CompiledRoute,
  raw: Record<string, unknown>,
  ctx: RequestContext,
): Precondition {
  const get = route.endpoints.find((e) => e.methods.includes('GET'));
  const readCtx: RequestContext = { ...ctx, method: 'GET', sent: new Set(Object.keys(raw)), raw };

  function read(): ApiResponse | Promise<ApiResponse> {
    // A route without a GET has no representation to match (the caller checked `get`).
    const params = parseArgs(get!.args, raw);
    const problems = get!.check?.(params, readCtx);
    const answer = (found: Problems | undefined) => {
      if (found && Object.keys(found).length > 0) throw invalidParams(found);
      if (!get!.permission(readCtx, params)) throw forbidden(ctx.actor !== null);
      return get!.handler(params, readCtx);
    };
    return problems instanceof Promise ? problems.then(answer) : answer(problems);
  }

  function judge(current: Current): void {
    if (current === 'absent') return;
    if (!ifMatchAllows(header, current.tag)) throw preconditionFailed();
  }

  let checkedInside = false;
  return {
    async checkNow() {
      if (!get) return judge({ tag: undefined });
      let current: Current;
      try {
        current = { tag: etagOf(await read()) };
      } catch (error) {
        current = classify(error);
      }
      judge(current);
    },
    hooks: {
      // Answers a promise when the GET does (a resource behind the storage ports): a unit of
      // work waits for it, and the GET's reads go through the unit's transaction.
      begin(): void | Promise<void> {
        if (checkedInside || !get) return;
        checkedInside = true;
        let answer: ApiResponse | Promise<ApiResponse>;
        try {
          answer = read();
        } catch (error) {
          return judge(classify(error));
        }
        if (answer instanceof Promise) {
          return answer.then(
            (done) => judge({ tag: etagOf(done) }),
            (error: unknown) => judge(classify(error)),
          );
        }
        judge({ tag: etagOf(answer) });
      },
    },
  };
}
