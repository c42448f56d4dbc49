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
    const ids = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).map((op) => (op as { operationId: string }).operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('getEventsById');
  });

  it('answers the reference test checklist: /events get, /events/{id} get, info keys', async () => {
    const server = await startTestServer();
    const doc = (await server.call('GET', '/api/calendar/events/v1/doc')).json as Doc;
    expect(doc.info).toEqual({
      version: '1.0.0',
      title: 'The Events Calendar REST API',
      description:
        'The Events Calendar REST API allows accessing upcoming events information easily and conveniently.',
    });
    expect(Object.keys(doc.paths).slice(0, 4)).toEqual([
      '/doc',
      '/events',
      '/events/{id}',
      '/events/by-slug/{slug}',
    ]);
    expect(Object.keys(doc.paths).at(-1)).toBe('/');
    expect(doc.paths['/events']?.get).toBeDefined();
    expect(doc.paths['/events/{id}']?.get).toBeDefined();
    expect(Object.keys(doc.components.schemas).slice(0, 8)).toEqual([
      'ImageSize',
      'CostDetails',
      'Term',
      'Image',
      'DateDetails',
      'Event',
      'Venue',
      'Organizer',
    ]);
  });

  it('describes the real payload types and the error envelope (decisions.md 17)', async () => {
    const server = await startTestServer();
    const doc = (await server.call('GET', '/api/calendar/events/v1/doc')).json as Doc;
    type Schema = { type?: string; properties?: Record<string, Schema>; $ref?: string };
    const schemas = doc.components.schemas as Record<string, Schema>;
    const eventProps = schemas.Event!.properties!;
    expect(eventProps.author!.type).toBe('string');
    expect(eventProps.start_date_details).toEqual({ $ref: '#/components/schemas/DateDetails' });
    expect(eventProps.cost_details).toEqual({ $ref: '#/components/schemas/CostDetails' });
    expect(schemas.DateDetails!.properties!.month!.type).toBe('string');
    expect(schemas.CostDetails!.type).toBe('object');
    expect(Object.keys(schemas.CostDetails!.properties!)).toEqual([
      'currency_symbol',
      'currency_code',
      'currency_position',
      'values',
    ]);
    const single = doc.paths['/events/{id}'] as Record<
      string,
      { responses: Record<string, unknown> }
    >;
    expect(single.get!.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Event' } } },
    });
    expect(single.get!.responses['404']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
    expect(Object.keys(single.delete!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '410']),
    );
  });

  it('documents writes with JSON and form bodies and lists as CSV query parameters', async () => {
    const server = await startTestServer();
    const doc = (await server.call('GET', '/api/calendar/events/v1/doc')).json as Doc;
    type Op = {
      parameters?: { name: string; in: string; required: boolean; style?: string }[];
      requestBody?: { content: Record<string, { schema: { required?: string[] } }> };
      responses: Record<string, unknown>;
    };
    const create = doc.paths['/events']!.post as Op;
    expect(Object.keys(create.requestBody!.content)).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
    expect(create.requestBody!.content['application/json']!.schema.required).toEqual(
      expect.arrayContaining(['title', 'start_date', 'end_date']),
    );
    expect(Object.keys(create.responses)[0]).toBe('201');
    const update = doc.paths['/events/{id}']!.patch as Op;
    expect(update.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    ]);
    const list = doc.paths['/events']!.get as Op;
    const categories = list.parameters!.find((p) => p.name === 'categories')!;
    expect(categories).toMatchObject({
      in: 'query',
      required: false,
      style: 'form',
      explode: false,
    });
  });

  it('validates in French too, with the same structure', async () => {
    const server = await startTestServer({ settings: { language: 'fr' } });
    const doc = (await server.call('GET', '/api/calendar/events/v1/doc')).json as Doc;
    expect(doc.info.title).toBe('API REST de The Events Calendar');
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });
});
