/**
 * A use case written once, as a generator of repository calls, and run two ways: on the
 * repository itself (a unit of work's, or the read side), awaiting each call, or on its
 * synchronous form, inside a synchronous transaction of a store not yet behind the ports (an
 * event's write). It goes once every such transaction is a unit of work; until then the rules
 * (which term a name reuses, which image a URL names) are not written twice.
 *
 *     const terms = calls<TermsReader>();
 *     function* named(name: string): Steps<TermsReader, number | undefined> {
 *       return (yield* terms.byName('tag', name))?.id;
 *     }
 *     await runAsync(named('jazz'), storage.read.terms);
 *     runSync(named('jazz'), core.syncRepositories.terms);
 */
import type { Sync } from './sqlite/repository.js';

/** One call a use case asks of its repository. */
export interface Call<R> {
  method: keyof R & string;
  args: unknown[];
}

/** A use case over repository `R` that answers `T`. */
export type Steps<R, T> = Generator<Call<R>, T, unknown>;

/** The repository's methods as steps: `yield* calls<R>().find(id)` answers what `find` does. */
export type Calls<R> = {
  [M in keyof R]: R[M] extends (...args: infer A) => Promise<infer T>
    ? (...args: A) => Steps<R, T>
    : never;
};

export function calls<R>(): Calls<R> {
  return new Proxy(
    {},
    {
      get: (_target, method) =>
        function* step(...args: unknown[]): Generator<Call<R>, unknown, unknown> {
          return yield { method: method as keyof R & string, args };
        },
    },
  ) as Calls<R>;
}

type Method = (...args: unknown[]) => unknown;

/** Runs `steps` on the repository's synchronous form. */
export function runSync<R, T>(steps: Steps<R, T>, repo: Sync<R>): T {
  let next = steps.next();
  while (!next.done) {
    const { method, args } = next.value;
    let answer: unknown;
    try {
      answer = (repo[method] as Method).apply(repo, args);
    } catch (error) {
      next = steps.throw(error);
      continue;
    }
    next = steps.next(answer);
  }
  return next.value;
}

/** Runs `steps` on the repository, awaiting each call. */
export async function runAsync<R, T>(steps: Steps<R, T>, repo: R): Promise<T> {
  let next = steps.next();
  while (!next.done) {
    const { method, args } = next.value;
    let answer: unknown;
    try {
      answer = await (repo[method] as Method).apply(repo, args);
    } catch (error) {
      next = steps.throw(error);
      continue;
    }
    next = steps.next(answer);
  }
  return next.value;
}
