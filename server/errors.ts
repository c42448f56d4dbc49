/**
 * The errors of use cases (docs/architecture.md, convention 4). Services throw these and know
 * nothing of HTTP: each class names why a use case stopped, and the route layer
 * (server/http/errors.ts) decides the status. `code` and `message` are the reference's own where it
 * has one, since clients read them (docs/contract/compat-notes.md §4).
 */

/** Parameter name → what is wrong with it. */
export type Problems = Record<string, string>;

export abstract class DomainError extends Error {
  abstract readonly kind:
    | 'invalid'
    | 'refused'
    | 'not_found'
    | 'not_accessible'
    | 'gone'
    | 'not_authenticated'
    | 'unavailable'
    | 'too_many'
    | 'too_large';

  constructor(
    readonly code: string,
    message: string,
    /** Extra facts for the client (the id of an existing duplicate, …). */
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The base of the errors whose kind never varies. */
function ofKind<K extends DomainError['kind']>(kind: K) {
  return class extends DomainError {
    readonly kind: K = kind;
  };
}

/** Input that is not acceptable, parameter by parameter (`rest_invalid_param`). */
export class InvalidInput extends DomainError {
  readonly kind = 'invalid';
  constructor(readonly problems: Problems) {
    super('rest_invalid_param', `Invalid parameter(s): ${Object.keys(problems).join(', ')}`);
  }
}

/** A request the rules of the data refuse: a duplicate name, the last administrator, a limit. */
export class Refused extends ofKind('refused') {}

/** What the request names does not exist. */
export class NotFound extends ofKind('not_found') {}

/** It exists, but this caller may not read it. */
export class NotAccessible extends ofKind('not_accessible') {}

/** It is already gone (in the trash). */
export class Gone extends ofKind('gone') {}

/** Credentials that do not sign anyone in. */
export class NotAuthenticated extends ofKind('not_authenticated') {}

/** This server cannot do it at all (backups of an in-memory database). */
export class Unavailable extends ofKind('unavailable') {}

/** The caller already holds as many of these as it may (open streams, …). */
export class TooMany extends ofKind('too_many') {}

export const invalidInput = (name: string, message: string): InvalidInput =>
  new InvalidInput({ [name]: message });

/** A caller without the capability: signed-in callers are refused, anonymous ones asked to sign in. */
export class NotAllowed extends DomainError {
  readonly kind: 'not_accessible' | 'not_authenticated';
  constructor(signedIn: boolean) {
    super('rest_forbidden', 'Sorry, you are not allowed to do that.');
    this.kind = signedIn ? 'not_accessible' : 'not_authenticated';
  }
}

/** More than one request may carry (events in one imported file, …). */
export class TooLarge extends ofKind('too_large') {}
