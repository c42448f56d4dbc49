/**
 * The tallies every import report starts from (the JSON document, another site's API, an
 * iCalendar file): nothing created, updated, unchanged, skipped or failed yet.
 */
export function noCounts<Skip, Failure>() {
  return {
    created: 0,
    updated: 0,
    unchanged: 0,
    skipped: [] as Skip[],
    errors: [] as Failure[],
    events: [] as number[],
  };
}
