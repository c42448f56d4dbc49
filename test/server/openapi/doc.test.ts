import { describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { startTestServer } from '../../helpers/server.js';
import { buildRegistry, NAMESPACE } from '../../../server/routes.js';
import { docPath } from '../../../server/openapi/document.js';

type Doc = {
  openapi: string;
  info: Record<string, string>;
  servers: { url: string }[];
  components: { schemas: Record<string, unknown> };
  paths: Record<string, Record<string, unknown>>;
};

describe('GET /calendar/events/v1/doc', () => {
  it('answers an OpenAPI 3.0 document with the reference top-level keys in order', async () => {
    const server = await startTestServer();
    const res = await server.call('GET', '/api/calendar/events/v1/doc');
    expect(res.status).toBe(200);
    const doc = res.json as Doc;
    expect(Object.keys(doc)).toEqual(['openapi', 'info', 'components', 'servers', 'paths']);
    expect(doc.openapi).toBe('3.0.0');
    expect(Object.keys(doc.info)).toEqual(['version', 'title', 'description']);
    expect(doc.servers).toEqual([{ url: `${server.url}/api/calendar/events/v1/` }]);
    expect(doc.servers[0]!.url).toMatch(/:\d+\/api\//);
  });

  it('validates against the OpenAPI 3.0 schema', async () => {
    const server = await startTestServer();
    const doc = (await server.call('GET', '/api/calendar/events/v1/doc')).json as Doc;
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('documents every registered route and method of the namespace', async () => {
    const server = await startTestServer();
    const doc = (await server.call('GET', '/api/calendar/events/v1/doc')).json as Doc;
    const registry = buildRegistry();
    const expected: string[] = [];
    for (const route of registry.routesOf(NAMESPACE)) {
      for (const e of route.endpoints) {
        for (const method of e.methods)
          expected.push(`${method.toLowerCase()} ${docPath(route.path)}`);
      }
    }
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect(documented.sort()).toEqual(expected.sort());
  });
});
