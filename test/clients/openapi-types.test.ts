/**
 * The committed types of the typed client (test/clients/generated/calendar-api.ts) are what
 * openapi-typescript makes of the document the server serves today: a change of the document
 * without `npm run api:types` fails here, not later in a user's build.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateTypes, TYPES_FILE } from '../helpers/openapi-types.js';

describe('the generated client types', () => {
  it('match the live document (run `npm run api:types` after changing it)', async () => {
    const fresh = await generateTypes();
    expect(readFileSync(TYPES_FILE, 'utf8') === fresh, 'stale: run npm run api:types').toBe(true);
  });
});
