/** The namespace index and the OpenAPI document describe `recurrence` and `scope`, in English and French. */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../helpers/server.js';

type Args = Record<
  string,
  { type?: string; description?: string; enum?: string[]; default?: string }
>;
interface Index {
  routes: Record<string, { endpoints: { methods: string[]; args: Args }[] }>;
}
interface Doc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; schema: { enum?: string[] } }[];
        requestBody?: {
          content: Record<string, { schema: { properties: Record<string, unknown> } }>;
        };
      }
    >
  >;
  components: { schemas: Record<string, { properties: Record<string, { description?: string }> }> };
}

describe('self-description of recurring events', () => {
  it('lists recurrence on writes and scope on updates and deletes of an event', async () => {
    const server = await startTestServer();
    const index = (await server.call('GET', '/api/calendar/events/v1')).json as Index;
    const [create] = index.routes['/calendar/events/v1/events']!.endpoints.filter((e) =>
      e.methods.includes('POST'),
    );
    expect(create!.args.recurrence).toMatchObject({
      type: 'array',
      description: expect.stringContaining('RFC 5545 RRULE, EXDATE and RDATE lines'),
    });
    expect(create!.args.scope).toBeUndefined();
    for (const route of [
      '/calendar/events/v1/events/(?P<id>\\d+)',
      '/calendar/events/v1/events/by-slug/(?P<slug>[^/]+)',
    ]) {
      const endpoints = index.routes[route]!.endpoints;
      const write = endpoints.find((e) => e.methods.includes('PUT'))!;
      const remove = endpoints.find((e) => e.methods.includes('DELETE'))!;
      for (const endpoint of [write, remove]) {
        expect(endpoint.args.scope).toMatchObject({
          enum: ['this', 'following', 'all', 'series'],
          default: 'this',
        });
      }
      expect(write.args.recurrence).toBeDefined();
    }

    const doc = (await server.call('GET', '/api/calendar/events/v1/doc')).json as Doc;
    const path = doc.paths['/events/{id}']!;
    expect(path.delete!.parameters!.find((p) => p.name === 'scope')).toMatchObject({
      in: 'query',
      schema: { enum: ['this', 'following', 'all', 'series'] },
    });
    const event = doc.components.schemas.Event!.properties;
    // The keys of later extensions (§E7) follow.
    expect(Object.keys(event).slice(-7, -4)).toEqual([
      'recurrence',
      'series_id',
      'original_start_date',
    ]);
    expect(Object.keys(event).at(-1)).toBe('json_ld');

    await server.services.settings.update({ language: 'fr' });
    const french = (await server.call('GET', '/api/calendar/events/v1/doc')).json as Doc;
    expect(french.components.schemas.Event!.properties.series_id!.description).toBe(
      'L’identifiant du premier évènement de sa série (le même pour chaque occurrence), ou null.',
    );
  });
});
