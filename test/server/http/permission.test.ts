/** Every endpoint declares who may call it; one that does not is refused, never public. */
import { afterEach, describe, expect, it } from 'vitest';
import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { z } from 'zod';
import { restDispatcher } from '../../../server/http/dispatch.js';
import { errorHandler } from '../../../server/http/error-handler.js';
import { Registry } from '../../../server/http/registry.js';
import { anyone, endpoint, type Endpoint } from '../../../server/http/route.js';
import { silentLogger } from '../../../server/logger.js';
import { buildRegistry } from '../../../server/routes.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** An app serving `test/v1/open` (declared public) and `test/v1/undeclared` (no permission). */
async function appWith(services: TestServer['services']): Promise<string> {
  const undeclared = {
    methods: ['GET'],
    args: z.object({}),
    handler: () => ({ body: 'reached' }),
  } as unknown as Endpoint;
  const registry = new Registry().add('test/v1', [
    {
      path: '/open',
      endpoints: [
        endpoint({
          methods: ['GET'],
          args: z.object({}),
          permission: anyone,
          handler: () => ({ body: 'reached' }),
        }),
      ],
    },
    { path: '/undeclared', endpoints: [undeclared] },
  ]);
  const app = express();
  app.use(restDispatcher(registry, services));
  app.use(errorHandler(silentLogger()));
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/test/v1`;
}

describe('permissions fail closed', () => {
  it('refuses an endpoint without a declared permission: 401 anonymous, 403 signed in', async () => {
    const server = await startTestServer();
    const base = await appWith(server.services);
    const open = await fetch(`${base}/open`);
    expect(open.status).toBe(200);
    expect(await open.json()).toBe('reached');

    const anonymous = await fetch(`${base}/undeclared`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'rest_forbidden' });
    const admin = await fetch(`${base}/undeclared`, { headers: { authorization: server.admin } });
    expect(admin.status).toBe(403);
    expect(await admin.json()).toMatchObject({ code: 'rest_forbidden' });
  });

  it('makes a missing permission a compile error', () => {
    const declared = endpoint({
      methods: ['GET'],
      args: z.object({}),
      permission: anyone,
      handler: () => ({ body: null }),
    });
    expect(declared.permission).toBe(anyone);
    // @ts-expect-error: `permission` is required, so an undeclared endpoint does not compile.
    const undeclared = endpoint({
      methods: ['GET'],
      args: z.object({}),
      handler: () => ({ body: null }),
    });
    expect(undeclared.permission).toBeUndefined();
  });

  it('finds a declared permission on every endpoint of the real API', () => {
    const registry = buildRegistry();
    const endpoints = registry
      .namespaces()
      .flatMap((namespace) => registry.routesOf(namespace))
      .flatMap((route) => route.endpoints.map((e) => [route.path, e] as const));
    expect(endpoints.length).toBeGreaterThan(30);
    for (const [path, e] of endpoints) expect(typeof e.permission, path).toBe('function');
  });
});
