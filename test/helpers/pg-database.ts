/**
 * A fresh PostgreSQL database for one test file or test, copied from the run's migrated template
 * (pg-global-setup.ts) and dropped by `drop()`. Only for tests of the `postgres` project.
 */
import { inject } from 'vitest';
import pg from 'pg';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

let made = 0;

async function onCluster(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${inject('pgClusterUrl')}postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `template`: another database to copy (an empty one for the migrator's own tests). */
export async function createTestDatabase(template = inject('pgTemplate')): Promise<TestDatabase> {
  const name = `t_${process.pid}_${++made}`;
  await onCluster(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  return {
    name,
    url: `${inject('pgClusterUrl')}${name}`,
    drop: () => onCluster(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
