/**
 * The `postgres` vitest project's global setup: one throwaway cluster for the run
 * (pg-cluster.ts), one template database migrated once, and the cluster stopped and removed at
 * the end. Test files then copy the template (`createTestDatabase` in pg-database.ts), which
 * takes milliseconds where migrating takes seconds.
 */
import type { TestProject } from 'vitest/node';
import { createClient } from '../../server/storage/postgres/pool.js';
import { migratePostgres } from '../../server/storage/postgres/migrate.js';
import { adminQuery, startCluster } from './pg-cluster.js';

export const TEMPLATE_DATABASE = 'almanac_tpl';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The cluster's URL without the database name (`postgres://postgres@127.0.0.1:PORT/`). */
    pgClusterUrl: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startCluster();
  try {
    await adminQuery(cluster, `CREATE DATABASE ${TEMPLATE_DATABASE}`);
    const client = createClient(cluster.url(TEMPLATE_DATABASE));
    await client.connect();
    try {
      await migratePostgres(client);
    } finally {
      await client.end();
    }
  } catch (error) {
    cluster.stop();
    throw error;
  }
  project.provide('pgClusterUrl', cluster.url(''));
  project.provide('pgTemplate', TEMPLATE_DATABASE);
  return () => cluster.stop();
}
