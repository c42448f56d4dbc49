/**
 * Records the API's answers to a fixed set of requests (test/snapshots/api-requests.ts), or
 * compares them with a recording.
 *
 *   npx tsx scripts/api-snapshot.ts --out file.json      record (default: print to stdout)
 *   npx tsx scripts/api-snapshot.ts --compare file.json  record and compare; exit 1 on any difference
 *   --engine postgres                                     record on PostgreSQL instead of SQLite
 *   --nodes 2                                             with --engine postgres: on two nodes of
 *                                                         one database, each request sent to the
 *                                                         next through a round-robin proxy
 *
 * `npm run api:snapshot` compares with the committed baseline (test/snapshots/api-baseline.json);
 * `npm run api:snapshot -- --out test/snapshots/api-baseline.json` re-records it when a change of
 * behaviour is intended (and the diff of that file then shows exactly what changed).
 * `npm run api:snapshot -- --engine postgres` compares a recording made on PostgreSQL with the
 * same baseline: a throwaway cluster (test/helpers/pg-cluster.ts, Debian's postgresql package)
 * is started on a loopback port for it and removed afterwards.
 * `npm run api:snapshot -- --engine postgres --nodes 2` does so on two nodes of that database.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { compareRecordings, recordApi, type Recording } from '../test/snapshots/api-recorder.js';
import { adminQuery, startCluster } from '../test/helpers/pg-cluster.js';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    compare: { type: 'string' },
    engine: { type: 'string', default: 'sqlite' },
    nodes: { type: 'string', default: '1' },
  },
});
if (values.engine !== 'sqlite' && values.engine !== 'postgres') {
  console.error('--engine is sqlite (the default) or postgres');
  process.exit(2);
}
const nodes = Number(values.nodes);
if (!Number.isInteger(nodes) || nodes < 1 || (nodes > 1 && values.engine !== 'postgres')) {
  console.error('--nodes is a whole number from 1, and above 1 only with --engine postgres');
  process.exit(2);
}

async function record(): Promise<Recording> {
  if (values.engine === 'sqlite') return recordApi();
  const cluster = await startCluster();
  try {
    await adminQuery(cluster, 'CREATE DATABASE almanac_snapshot');
    return await recordApi({ databaseUrl: cluster.url('almanac_snapshot'), nodes });
  } finally {
    cluster.stop();
  }
}

const recording = await record();
const on =
  values.engine !== 'postgres' ? '' : nodes > 1 ? ` (PostgreSQL, ${nodes} nodes)` : ' (PostgreSQL)';
if (values.out !== undefined) {
  writeFileSync(values.out, `${JSON.stringify(recording, null, 2)}\n`);
  console.log(`${recording.answers.length} answers${on} recorded in ${values.out}`);
}
if (values.compare !== undefined) {
  const baseline = JSON.parse(readFileSync(values.compare, 'utf8')) as Recording;
  const differences = compareRecordings(baseline, recording);
  if (differences.length > 0) {
    console.log(differences.join('\n'));
    console.log(
      `\n${differences.length} of ${baseline.answers.length} answers${on} differ from ${values.compare}`,
    );
    process.exit(1);
  }
  console.log(`${recording.answers.length} answers${on} identical to ${values.compare}`);
} else if (values.out === undefined) console.log(JSON.stringify(recording, null, 2));
