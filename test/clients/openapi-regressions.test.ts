/**
 * Mismatches between the server and its OpenAPI document that the property test
 * (openapi-contract.test.ts) found, each pinned by a request and the document's words for it.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { NS } from '../helpers/fixtures.js';
import { responseValidator } from '../helpers/openapi-contract.js';

type Schema = {
  description?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  anyOf?: Schema[];
  enum?: unknown[];
  maxItems?: number;
  maxLength?: number;
};
type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody: {
          content: { 'application/json': { schema: { properties: Record<string, Schema> } } };
        };
      }
    >
  >;
};

async function bodyProperty(server: TestServer, path: string, method: string, name: string) {
  const doc = (await server.call('GET', `${NS}/doc`)).json as Doc;
  return doc.paths[path]![method]!.requestBody.content['application/json'].schema.properties[name]!;
}

const event = (fields: Record<string, unknown>) => ({
  title: 'Edge',
  start_date: '2026-07-01 10:00',
  end_date: '2026-07-01 11:00',
  ...fields,
});

describe('dates the API answers with four-digit years', () => {
  it('refuses a date whose end of day in UTC would be in year 10000, which it used to store', async () => {
    const server = await startTestServer();
    const res = await server.call('POST', `${NS}/events`, {
      auth: server.admin,
      body: event({ end_date: 253402232400, timezone: 'America/New_York', all_day: true }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { end_date: expect.any(String) } },
    });
    const year0 = await server.call('POST', `${NS}/events`, {
      auth: server.admin,
      body: event({ start_date: '0000-01-01 10:00' }),
    });
    expect(year0.status).toBe(400);
  });

  it('accepts the first and last days the document allows, in any zone', async () => {
    const server = await startTestServer();
    const res = await server.call('POST', `${NS}/events`, {
      auth: server.admin,
      body: event({
        start_date: '1000-01-01 00:00',
        end_date: '9998-12-31 23:59:59',
        timezone: 'UTC+14',
        all_day: true,
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      start_date: '1000-01-01 00:00:00',
      end_date: '9998-12-31 23:59:59',
      utc_start_date: '0999-12-31 10:00:00',
      utc_end_date: '9998-12-31 09:59:59',
    });
    const listed = await server.call('POST', `${NS}/events`, {
      auth: server.admin,
      body: event({
        start_date: '9998-12-31 23:00',
        end_date: '9998-12-31T23:59:59-12:00',
        timezone: 'Etc/GMT+12',
      }),
    });
    expect(listed.status).toBe(201);
    expect(listed.body.utc_end_date).toBe('9999-01-01 11:59:59');
  });

  it('documents that range: four-digit years from 1000 to 9998 and timestamps within them', async () => {
    const server = await startTestServer();
    const start = await bodyProperty(server, '/events', 'post', 'start_date');
    const [wall, day, iso, timestamp] = start.anyOf!;
    for (const form of [wall!, day!, iso!]) {
      expect(new RegExp(form.pattern!).test('1000-01-01 00:00')).toBe(true);
      expect(new RegExp(form.pattern!).test('9998-12-31 23:59')).toBe(true);
      expect(new RegExp(form.pattern!).test('0999-12-31 23:59')).toBe(false);
      expect(new RegExp(form.pattern!).test('9999-01-01 00:00')).toBe(false);
    }
    expect(timestamp).toMatchObject({ minimum: -30_610_224_000, maximum: 253_370_764_799 });
  });
});

describe('image on a new event', () => {
  it('is not documented as "" on create, where the server refuses it, and is on update', async () => {
    const server = await startTestServer();
    const create = await bodyProperty(server, '/events', 'post', 'image');
    const update = await bodyProperty(server, '/events/{id}', 'patch', 'image');
    const empty = (schema: Schema) => schema.anyOf!.some((form) => form.enum?.includes(''));
    expect(empty(create)).toBe(false);
    expect(empty(update)).toBe(true);

    const refused = await server.call('POST', `${NS}/events`, {
      auth: server.admin,
      body: event({ image: '' }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ data: { params: { image: expect.any(String) } } });
  });
});

describe('rules the document states in words', () => {
  it('says a venue or organizer name keeps some text once markup is removed', async () => {
    const server = await startTestServer();
    for (const [path, name] of [
      ['/venues', 'venue'],
      ['/organizers', 'organizer'],
    ] as const) {
      const property = await bodyProperty(server, path, 'post', name);
      expect(property.description).toMatch(/markup is removed and some text must remain/);
      const res = await server.call('POST', `${NS}${path}`, {
        auth: server.admin,
        body: { [name]: '<!' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        data: { params: { [name]: `${name} must be a non-empty string.` } },
      });
    }
  });

  it('says a term name is unique among the terms with the same parent', async () => {
    const server = await startTestServer();
    const property = await bodyProperty(server, '/categories', 'post', 'name');
    expect(property.description).toMatch(/unique among the terms with the same parent/);
    expect(property.description).toMatch(/markup is removed and some text must remain/);
    const markup = await server.call('POST', `${NS}/tags`, {
      auth: server.admin,
      body: { name: '<>' },
    });
    expect(markup.status).toBe(400);
    expect(markup.body).toMatchObject({ data: { params: { name: expect.any(String) } } });
    // maxLength counts characters: 200 emoji (400 UTF-16 units) fit, 201 do not.
    expect(property).toMatchObject({ maxLength: 200 });
    const long = await server.call('POST', `${NS}/tags`, {
      auth: server.admin,
      body: { name: '🎵'.repeat(200) },
    });
    expect(long.status).toBe(201);
    const longer = await server.call('POST', `${NS}/tags`, {
      auth: server.admin,
      body: { name: '🎶'.repeat(201) },
    });
    expect(longer.status).toBe(400);
    const first = await server.call('POST', `${NS}/categories`, {
      auth: server.admin,
      body: { name: 'Twice' },
    });
    expect(first.status).toBe(201);
    const second = await server.call('POST', `${NS}/categories`, {
      auth: server.admin,
      body: { name: 'Twice' },
    });
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({ code: 'term_exists' });
  });
});

describe('list lengths and comma-separated ids', () => {
  it('states the organizer text form as ids and the lists’ limits, which the server applies', async () => {
    const server = await startTestServer();
    const organizer = await bodyProperty(server, '/events', 'post', 'organizer');
    const text = organizer.anyOf!.find((form) => form.pattern !== undefined)!;
    expect(new RegExp(text.pattern!).test('3, 4,')).toBe(true);
    expect(new RegExp(text.pattern!).test('Choir')).toBe(false);
    expect(new RegExp(text.pattern!).test('0')).toBe(false);
    const list = organizer.anyOf!.find((form) => form.maxItems !== undefined)!;
    expect(list.maxItems).toBe(50);
    const categories = await bodyProperty(server, '/events', 'post', 'categories');
    expect(categories.anyOf!.find((form) => form.maxItems !== undefined)!.maxItems).toBe(100);

    const named = await server.call('POST', `${NS}/events`, {
      auth: server.admin,
      body: event({ organizer: 'Choir' }),
    });
    expect(named.status).toBe(400);
    const many = await server.call('POST', `${NS}/events`, {
      auth: server.admin,
      body: event({ categories: Array.from({ length: 101 }, (_, i) => `c${i}`) }),
    });
    expect(many.status).toBe(400);
    const made = await server.call('POST', `${NS}/organizers`, {
      auth: server.admin,
      body: { organizer: 'Choir' },
    });
    const ids = await server.call('POST', `${NS}/events`, {
      auth: server.admin,
      body: event({ organizer: ` ${made.body.id as number}, ` }),
    });
    expect(ids.status).toBe(201);
    expect(ids.body.organizer).toEqual([expect.objectContaining({ id: made.body.id })]);
  });
});

describe('rules that depend on who writes', () => {
  it('says that images by URL and new terms by name need the right to make them', async () => {
    const server = await startTestServer();
    const image = await bodyProperty(server, '/venues', 'post', 'image');
    expect(image.anyOf!.map((form) => form.description).join(' ')).toMatch(
      /for users who may publish/,
    );
    const tags = await bodyProperty(server, '/events', 'post', 'tags');
    expect(tags.description).toMatch(/for users who may create them/);

    const anonymous = await server.call('POST', `${NS}/venues`, {
      body: { venue: 'Hall', image: 'http://example.org/a.png' },
    });
    expect(anonymous.status).toBe(400);
    expect(anonymous.body).toMatchObject({ data: { params: { image: expect.any(String) } } });
    const terms = await server.call('POST', `${NS}/events`, {
      body: event({ tags: ['Brand new'] }),
    });
    expect(terms.status).toBe(400);
    expect(terms.body).toMatchObject({
      data: { params: { tags: expect.stringMatching(/may not create tags/) } },
    });
  });
});

describe('parameter defaults', () => {
  it('are values their own schema accepts (strict_dates defaulted to the text "false")', async () => {
    const server = await startTestServer();
    const doc = (await server.call('GET', `${NS}/doc`)).json as {
      paths: Record<string, Record<string, { parameters?: { name: string; schema: Schema }[] }>>;
    };
    const ajv = responseValidator();
    const wrong: string[] = [];
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const { name, schema } of op.parameters ?? []) {
          const { default: value, ...rest } = schema as Schema & { default?: unknown };
          if (value === undefined) continue;
          checked++;
          if (!ajv.validate(rest, value)) wrong.push(`${method} ${path} ${name}: ${String(value)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(5);
    const strict = doc.paths['/events']!.get!.parameters!.find((p) => p.name === 'strict_dates')!;
    expect((strict.schema as { default?: unknown }).default).toBe(false);
  });
});
