/**
 * What each operation of the calendar namespace answers, for the OpenAPI document: the body of
 * its success and the statuses of its failures (docs/contract/compat-notes.md §4, §6, §7.1, docs/contract/decisions.md 7, 10).
 * Kept here, keyed by the document's path, so the resource routes need not know about it; an
 * endpoint's own `responses` still wins. Routes missing from the table get a generic answer.
 */
export type OperationMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface Outcome {
  status: number;
  /** A name from `WIRE_SCHEMAS`, or nothing for a free-form object. */
  schema?: string;
  description: string;
  errors: number[];
  /** A page of an archive: it carries the totals headers and paging links. */
  archive?: boolean;
}

type PathOutcomes = Partial<Record<OperationMethod, Outcome>>;

const ARCHIVE_ERRORS = [400, 404];
const READ_ERRORS = [400, 403, 404];
const CREATE_ERRORS = [400, 401, 403];
const UPDATE_ERRORS = [400, 401, 403, 404];

function single(schema: string, what: string, trash: boolean): PathOutcomes {
  const update: Outcome = {
    status: 200,
    schema,
    description: `The updated ${what}.`,
    errors: UPDATE_ERRORS,
  };
  return {
    get: { status: 200, schema, description: `The ${what}.`, errors: READ_ERRORS },
    post: update,
    put: update,
    patch: update,
    delete: trash
      ? {
          status: 200,
          schema,
          description: `The ${what}, now in the trash.`,
          errors: [...UPDATE_ERRORS, 410],
        }
      : { status: 200, schema, description: `The deleted ${what}.`, errors: UPDATE_ERRORS },
  };
}

function collection(schema: string, archive: string, what: string, plural: string): PathOutcomes {
  return {
    get: {
      status: 200,
      schema: archive,
      description: `A page of ${plural}.`,
      errors: ARCHIVE_ERRORS,
      archive: true,
    },
    post: { status: 201, schema, description: `The created ${what}.`, errors: CREATE_ERRORS },
  };
}

function posts(base: string, schema: string, what: string, plural: string) {
  return {
    [`/${base}`]: collection(schema, `${schema}Archive`, what, plural),
    [`/${base}/{id}`]: single(schema, what, true),
    [`/${base}/by-slug/{slug}`]: single(schema, what, true),
  };
}

function terms(base: string, schema: string, what: string, plural: string) {
  return {
    [`/${base}`]: collection(schema, `${schema}Archive`, what, plural),
    [`/${base}/{id}`]: single(schema, what, false),
  };
}

export const OUTCOMES: Readonly<Record<string, PathOutcomes>> = {
  '/': {
    get: {
      status: 200,
      description: 'The namespace index: every route with its methods and arguments.',
      errors: [400, 404],
    },
  },
  '/doc': {
    get: { status: 200, description: 'This OpenAPI document.', errors: [] },
  },
  ...posts('events', 'Event', 'event', 'events'),
  ...posts('venues', 'Venue', 'venue', 'venues'),
  ...posts('organizers', 'Organizer', 'organizer', 'organizers'),
  ...terms('categories', 'Category', 'category', 'categories'),
  ...terms('tags', 'Tag', 'tag', 'tags'),
};

export const ERROR_DESCRIPTIONS: Readonly<Record<number, string>> = {
  400: 'A parameter is missing or invalid, or the request is not valid HTTP (such as a header value holding a control character).',
  401: 'The request needs authentication, or its credentials are wrong.',
  403: 'The user may not do this, or the object is not accessible.',
  404: 'No such object, route or archive page.',
  410: 'The object is already in the trash.',
  412: 'The If-Match tag no longer names the current version: nothing was changed.',
  413: 'The request body is larger than the server accepts.',
  431: 'The request line or headers are larger than the server accepts.',
};

/**
 * Failures any operation can meet whatever its route: a request that is not valid HTTP (400,
 * answered by the HTTP parser before any route: a header value holding a control character,
 * RFC 9110 §5.5), wrong credentials (401, public reads included: credentials are checked when
 * sent), a Host or origin the server refuses (403), and a request line or headers too large
 * (431). Every method but GET reads a body, which can be too large (413) or JSON that is not an
 * object of parameters (400), and takes `If-Match` (412, docs/contract/extensions.md E3).
 */
export function commonErrors(method: OperationMethod): number[] {
  return method === 'get' ? [400, 401, 403, 431] : [400, 401, 403, 412, 413, 431];
}

/** The headers of every archive page (docs/contract/compat-notes.md §2.1, and WordPress's). */
export const ARCHIVE_HEADERS = {
  'X-TEC-Total': 'How many items match, on every page.',
  'X-TEC-TotalPages': 'How many pages there are at this per_page.',
  'X-WP-Total': "The same as X-TEC-Total, under WordPress's name.",
  'X-WP-TotalPages': "The same as X-TEC-TotalPages, under WordPress's name.",
} as const;

/** A guess for routes not in the table, from the method and the route's shape. */
export function genericOutcome(
  method: OperationMethod,
  hasPathParams: boolean,
  hasArgs: boolean,
  guarded: boolean,
): Outcome {
  const errors = new Set<number>();
  if (hasArgs) errors.add(400);
  if (guarded) [401, 403].forEach((s) => errors.add(s));
  if (hasPathParams) errors.add(404);
  const created = method === 'post' && !hasPathParams;
  return {
    status: created ? 201 : 200,
    description: created ? 'The created object.' : 'Success.',
    errors: [...errors].sort(),
  };
}
