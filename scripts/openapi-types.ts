/**
 * Writes the calendar API's TypeScript types (test/clients/generated/calendar-api.ts) from the
 * OpenAPI document a fresh server serves; `--check` only says whether the file is up to date.
 *
 *   npm run api:types             regenerate after a change of the document
 *   npm run api:types -- --check  exit 1 when the committed file is stale
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { generateTypes, TYPES_FILE } from '../test/helpers/openapi-types.js';

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const text = await generateTypes();
if (values.check) {
  const current = readFileSync(TYPES_FILE, 'utf8');
  if (current !== text) {
    console.log(`${TYPES_FILE} is stale: run npm run api:types`);
    process.exit(1);
  }
  console.log(`${TYPES_FILE} is up to date`);
} else {
  writeFileSync(TYPES_FILE, text);
  console.log(`${TYPES_FILE} written`);
}
