/**
 * Records the API's answers to a fixed set of requests (test/snapshots/api-requests.ts), or
 * compares them with a recording.
 *
 *   npx tsx scripts/api-snapshot.ts --out file.json      record (default: print to stdout)
 *   npx tsx scripts/api-snapshot.ts --compare file.json  record and compare; exit 1 on any difference
 *
 * `npm run api:snapshot` compares with the committed baseline (test/snapshots/api-baseline.json);
 * `npm run api:snapshot -- --out test/snapshots/api-baseline.json` re-records it when a change of
 * behaviour is intended (and the diff of that file then shows exactly what changed).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { compareRecordings, recordApi, type Recording } from '../test/snapshots/api-recorder.js';

const { values } = parseArgs({
  options: { out: { type: 'string' }, compare: { type: 'string' } },
});

const recording = await recordApi();
if (values.out !== undefined) {
  writeFileSync(values.out, `${JSON.stringify(recording, null, 2)}\n`);
  console.log(`${recording.answers.length} answers recorded in ${values.out}`);
}
if (values.compare !== undefined) {
  const baseline = JSON.parse(readFileSync(values.compare, 'utf8')) as Recording;
  const differences = compareRecordings(baseline, recording);
  if (differences.length > 0) {
    console.log(differences.join('\n'));
    console.log(
      `\n${differences.length} of ${baseline.answers.length} answers differ from ${values.compare}`,
    );
    process.exit(1);
  }
  console.log(`${recording.answers.length} answers identical to ${values.compare}`);
} else if (values.out === undefined) console.log(JSON.stringify(recording, null, 2));
