import { describe, expect, it } from 'vitest';
import {
  buildPath,
  fromIndex,
  fromOpenApi,
  templateOf,
  type OpenApiDoc,
} from '../../../renderer/src/explorer/operations';
import { toCurl } from '../../../renderer/src/explorer/curl';

const doc: OpenApiDoc = {
  openapi: '3.0.0',
  servers: [{ url: 'http://example.test:7420/api/calendar/events/v1/' }],
  paths: {
    '/events': {
      get: {
        summary: 'List events.',
        tags: ['Events'],
        parameters: [
          { name: 'page', in: 'query', schema: { type: 'integer' }, description: 'The page.' },
          { name: 'status', in: 'query', schema: { type: 'string', enum: ['publish', 'draft'] } },
        ],
      },
    },
    '/events/{id}': {
      post: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        requestBody: {
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                required: ['title'],
                properties: { title: { type: 'string' }, all_day: { type: 'boolean' } },
              },
            },
          },
        },
      },
    },
  },
};

describe('explorer operations', () => {
  it('reads routes, methods and parameters from an OpenAPI document, on this origin', () => {
    const ops = fromOpenApi(doc, '/api/calendar/events/v1', 'Calendar API');
    expect(ops.map((o) => o.key)).toEqual([
      'GET /api/calendar/events/v1/events',
      'POST /api/calendar/events/v1/events/{id}',
    ]);
    expect(ops[0]!.params).toEqual([
      { name: 'page', in: 'query', required: false, type: 'integer', description: 'The page.' },
      {
        name: 'status',
        in: 'query',
        required: false,
        type: 'string',
        description: '',
        enum: ['publish', 'draft'],
      },
    ]);
    expect(ops[1]!.params.map((p) => [p.name, p.in, p.required])).toEqual([
      ['id', 'path', true],
      ['title', 'body', true],
      ['all_day', 'body', false],
    ]);
    expect(ops[1]!.bodySchema?.required).toEqual(['title']);
    expect(ops.map((o) => o.group)).toEqual(['Calendar API · Events', 'Calendar API']);
  });

  it('reads the WordPress-style namespace index when there is no document', () => {
    expect(templateOf('/calendar/events/v1/events/(?P<id>\\d+)')).toBe(
      '/calendar/events/v1/events/{id}',
    );
    const ops = fromIndex(
      {
        namespace: 'calendar/events/v1',
        routes: {
          '/calendar/events/v1/venues/(?P<id>\\d+)': {
            endpoints: [
              { methods: ['GET'], args: { id: { required: true, type: 'integer' } } },
              {
                methods: ['POST', 'PUT', 'PATCH'],
                args: { id: { required: true }, venue: { type: 'string', description: 'Name.' } },
              },
            ],
          },
        },
      },
      '/api',
      'Calendar API',
    );
    expect(ops.map((o) => o.key)).toEqual([
      'GET /api/calendar/events/v1/venues/{id}',
      'PATCH /api/calendar/events/v1/venues/{id}',
    ]);
    expect(ops[1]!.params.map((p) => `${p.in}:${p.name}`)).toEqual(['path:id', 'body:venue']);
    expect(ops[1]!.bodySchema).toMatchObject({ properties: { venue: { type: 'string' } } });
  });

  it('fills path placeholders and quotes curl arguments for a POSIX shell', () => {
    const [op] = fromOpenApi(doc, '', 'x').slice(1);
    expect(buildPath(op!, { id: '12' })).toBe('/api/calendar/events/v1/events/12');
    expect(buildPath(op!, {})).toBe('/api/calendar/events/v1/events/{id}');
    expect(toCurl('POST', 'http://h/x', { Authorization: 'Bearer t' }, `{"title":"It's"}`)).toBe(
      `curl -i -X POST 'http://h/x' -H 'Authorization: Bearer t' --data-raw '{"title":"It'\\''s"}'`,
    );
    expect(toCurl('GET', 'http://h/x', {})).toBe(`curl -i 'http://h/x'`);
  });
});
