/**
 * The explorer's list of operations, read from the OpenAPI document (`/doc`) when it exists and
 * otherwise from the namespace indexes (WordPress-style `routes` with `args`).
 */
import type { JSONSchema7 } from 'json-schema';

export interface Param {
  name: string;
  in: 'path' | 'query' | 'body';
  required: boolean;
  type: string;
  description: string;
  enum?: string[];
}

export interface Operation {
  key: string;
  method: string;
  /** Absolute path on this server, with `{name}` placeholders. */
  path: string;
  summary: string;
  group: string;
  params: Param[];
  bodySchema?: JSONSchema7;
}

type Schema = JSONSchema7 & { items?: JSONSchema7 };

interface OpenApiParam {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}
interface OpenApiOperation {
  summary?: string;
  tags?: string[];
  description?: string;
  parameters?: OpenApiParam[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
export interface OpenApiDoc {
  openapi: string;
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const typeOf = (schema: Schema | undefined): string =>
  schema
    ? Array.isArray(schema.type)
      ? schema.type.join('|')
      : (schema.type ?? 'string')
    : 'string';

/** `servers[0].url` may be absolute; the console always calls its own origin. */
function basePath(doc: OpenApiDoc, fallback: string): string {
  const url = doc.servers?.[0]?.url;
  if (!url) return fallback;
  try {
    return new URL(url, 'http://localhost').pathname.replace(/\/$/, '');
  } catch {
    return fallback;
  }
}

export function fromOpenApi(doc: OpenApiDoc, fallbackBase: string, group: string): Operation[] {
  const base = basePath(doc, fallbackBase);
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params: Param[] = (op.parameters ?? [])
        .filter((p) => p.in === 'path' || p.in === 'query')
        .map((p) => ({
          name: p.name,
          in: p.in as 'path' | 'query',
          required: p.required ?? p.in === 'path',
          type: typeOf(p.schema),
          description: p.description ?? '',
          ...(p.schema?.enum ? { enum: p.schema.enum.map(String) } : {}),
        }));
      const content = op.requestBody?.content ?? {};
      const bodySchema = (
        content['application/json'] ??
        content['application/x-www-form-urlencoded'] ??
        Object.values(content)[0]
      )?.schema;
      for (const [name, prop] of Object.entries(bodySchema?.properties ?? {})) {
        if (params.some((p) => p.name === name)) continue;
        const schema = prop as Schema;
        params.push({
          name,
          in: 'body',
          required: (bodySchema?.required ?? []).includes(name),
          type: typeOf(schema),
          description: schema.description ?? '',
        });
      }
      out.push({
        key: `${method.toUpperCase()} ${base}${path}`,
        method: method.toUpperCase(),
        path: `${base}${path}`,
        summary: op.summary ?? op.description ?? '',
        group: op.tags?.[0] ? `${group} · ${op.tags[0]}` : group,
        params,
        ...(bodySchema ? { bodySchema } : {}),
      });
    }
  }
  return out;
}

interface IndexArg {
  required?: boolean;
  description?: string;
  type?: string | string[];
  enum?: unknown[];
  items?: Schema;
  default?: unknown;
}
export interface NamespaceIndex {
  namespace: string;
  routes: Record<
    string,
    {
      methods?: string[];
      endpoints: Array<{
        methods: string[];
        args?: Record<string, IndexArg>;
        summary?: string;
        description?: string;
      }>;
    }
  >;
}

/** `/calendar/events/v1/events/(?P<id>\d+)` → `/calendar/events/v1/events/{id}`. */
export function templateOf(route: string): string {
  return route.replace(/\(\?P<(\w+)>[^)]*\)/g, '{$1}');
}

export function fromIndex(index: NamespaceIndex, restRoot: string, group: string): Operation[] {
  const out: Operation[] = [];
  for (const [route, entry] of Object.entries(index.routes ?? {})) {
    const path = `${restRoot}${templateOf(route)}`;
    const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    for (const endpoint of entry.endpoints ?? []) {
      for (const method of endpoint.methods) {
        if (method === 'PUT' || (method === 'POST' && endpoint.methods.includes('PATCH'))) continue;
        const where = method === 'GET' || method === 'DELETE' ? 'query' : 'body';
        const params: Param[] = Object.entries(endpoint.args ?? {}).map(([name, arg]) => ({
          name,
          in: pathNames.includes(name) ? 'path' : where,
          required: arg.required ?? false,
          type: Array.isArray(arg.type) ? arg.type.join('|') : (arg.type ?? 'string'),
          description: arg.description ?? '',
          ...(arg.enum ? { enum: arg.enum.map(String) } : {}),
        }));
        for (const name of pathNames)
          if (!params.some((p) => p.name === name))
            params.unshift({ name, in: 'path', required: true, type: 'string', description: '' });
        const bodyParams = params.filter((p) => p.in === 'body');
        const bodySchema: JSONSchema7 | undefined = bodyParams.length
          ? {
              type: 'object',
              required: bodyParams.filter((p) => p.required).map((p) => p.name),
              properties: Object.fromEntries(
                bodyParams.map((p) => {
                  const arg = endpoint.args?.[p.name] ?? {};
                  const t = Array.isArray(arg.type) ? arg.type[0] : arg.type;
                  const schema: Schema = {
                    type: (t ?? 'string') as JSONSchema7['type'],
                    description: p.description,
                  };
                  if (arg.enum) schema.enum = arg.enum as JSONSchema7['enum'];
                  if (arg.items) schema.items = arg.items;
                  return [p.name, schema];
                }),
              ),
            }
          : undefined;
        out.push({
          key: `${method} ${path}`,
          method,
          path,
          summary: endpoint.summary ?? endpoint.description ?? '',
          group,
          params,
          ...(bodySchema ? { bodySchema } : {}),
        });
      }
    }
  }
  return out;
}

/** Fills `{name}` placeholders; unfilled ones stay visible so the request fails clearly. */
export function buildPath(op: Operation, values: Record<string, string>): string {
  return op.path.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] ? encodeURIComponent(values[name]!) : whole,
  );
}
