/**
 * The OpenAPI document as a contract, checked by a property test driven by the live document:
 * for every operation, requests generated from its parameter and body schemas (so valid by the
 * document) must get a status the operation documents, with a body its schema accepts, never a
 * 5xx, and never a 400 for a reason the document does not state. CONTRACT_RUNS sets the number of
 * requests per operation (20 by default).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import SwaggerParser from '@apidevtools/swagger-parser';
import { startTestServer } from '../helpers/server.js';
import {
  fieldArbitrary,
  problemWith,
  queryString,
  responseValidator,
  seedWorld,
  target,
  type Doc,
} from '../helpers/openapi-contract.js';

const RUNS = Number(process.env.CONTRACT_RUNS ?? 20);

/** fetch, whose network errors name their cause (a reset connection, a refused one). */
async function fetchOrExplain(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    throw new Error(`${init.method} ${url} ${String(init.body)}: ${String(cause ?? error)}`, {
      cause: error,
    });
  }
}

describe('the OpenAPI document as a contract', () => {
  it('answers every request valid by the document as the document says', async () => {
    const server = await startTestServer();
    const world = await seedWorld(server);
    const raw = await (await fetch(`${server.url}/wp-json/calendar/events/v1/doc`)).json();
    // Validated first: a document that is not valid OpenAPI would make the rest meaningless.
    await SwaggerParser.validate(structuredClone(raw));
    const doc = (await SwaggerParser.dereference(raw)) as unknown as Doc;
    const ajv = responseValidator();
    const base = doc.servers[0]!.url.replace(/\/$/, '');

    let requests = 0;
    let operations = 0;
    const failures: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        operations++;
        const write = method !== 'get';
        const params = (op.parameters ?? []).filter((p) => p.in === 'query');
        const query = fc.record(
          Object.fromEntries(
            params.map((p) => [p.name, fieldArbitrary(world, path, p.name, p.schema)]),
          ),
          { requiredKeys: params.filter((p) => p.required).map((p) => p.name) },
        );
        const bodySchema = op.requestBody?.content['application/json']?.schema;
        const body = bodySchema
          ? fc.record(
              Object.fromEntries(
                Object.entries(bodySchema.properties ?? {}).map(([name, schema]) => [
                  name,
                  fieldArbitrary(world, path, name, schema),
                ]),
              ),
              { requiredKeys: bodySchema.required ?? [] },
            )
          : fc.constant(undefined);
        // Anonymous requests too: reads answer them, writes must refuse them as documented
        // (validation runs first, as in the reference, so some 400s depend on who writes).
        const anonymous = fc.boolean();
        const schemaOf = (name: string) => {
          const param = params.find((p) => p.name === name);
          return param ?? { schema: bodySchema?.properties?.[name] };
        };

        const property = fc.asyncProperty(query, body, anonymous, async (q, b, anon) => {
          requests++;
          const one = path.includes('{') ? await target(world, path, write) : undefined;
          const url =
            base +
            path.replace('{id}', String(one?.id)).replace('{slug}', String(one?.slug)) +
            queryString(q);
          const res = await fetchOrExplain(url, {
            method: method.toUpperCase(),
            headers: {
              ...(anon ? {} : { authorization: server.admin }),
              ...(b === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body: b === undefined ? undefined : JSON.stringify(b),
          });
          const text = await res.text();
          const json: unknown = text === '' ? undefined : JSON.parse(text);
          const where = `${method.toUpperCase()} ${url} ${JSON.stringify(b) ?? ''} → ${res.status} ${text.slice(0, 400)}`;
          const problem = problemWith(ajv, op, { status: res.status, json, where }, schemaOf);
          if (problem) throw new Error(problem);
        });
        try {
          await fc.assert(property, { numRuns: RUNS, includeErrorInReport: true });
        } catch (error) {
          failures.push(`${method.toUpperCase()} ${path}: ${(error as Error).message}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(operations).toBeGreaterThan(50);
    expect(requests).toBeGreaterThanOrEqual(operations * RUNS);
  }, 900_000);
});
