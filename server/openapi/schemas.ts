/**
 * zod → OpenAPI 3.0 schema objects. zod's JSON Schema output is close to OpenAPI 3.0 but not
 * inside it (ids, empty `anyOf`, the `null` type, safe-integer bounds), so every generated
 * schema passes through `clean`, which also localises each `description`.
 */
import { z } from 'zod';
import type { Translate } from '../../shared/i18n/index.js';
import { WIRE_SCHEMAS } from '../../shared/schemas/wire/index.js';
import {
  argFields,
  boundsOf,
  describeArg,
  elementOf,
  formsOf,
  objectOf,
  optionsOf,
  type ArgDescription,
  type Bounds,
  type TypeInfo,
} from '../http/describe.js';
import { isRecord } from '../../shared/record.js';

export type OasSchema = { [key: string]: unknown };

const OAS_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);
const SCHEMA_REF = '#/components/schemas/';

/** Rewrites one generated schema tree into valid OpenAPI 3.0, translating descriptions. */
export function clean(node: unknown, t: Translate): unknown {
  if (Array.isArray(node)) return node.map((item) => clean(item, t));
  if (!isRecord(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$id' || key === '$schema' || key === 'id') continue;
    if (
      (key === 'minimum' || key === 'maximum') &&
      Math.abs(Number(value)) === Number.MAX_SAFE_INTEGER
    ) {
      continue;
    }
    if (key === 'description' && typeof value === 'string') out[key] = t(value);
    else if (key === 'properties' && isRecord(value)) {
      // Property names are data here, not schema keywords: keep every one of them.
      out[key] = Object.fromEntries(Object.entries(value).map(([n, s]) => [n, clean(s, t)]));
    } else out[key] = clean(value, t);
  }
  if (out.type === 'null') {
    delete out.type;
    out.nullable = true;
    out.enum = [null];
  }
  // An always-empty list (`z.tuple([])`): zod leaves an empty `anyOf` in `items`.
  if (out.type === 'array' && out.maxItems === 0) out.items = {};
  if (Array.isArray(out.anyOf) && out.anyOf.length === 0) delete out.anyOf;
  return out;
}

/** `components.schemas`: every named wire shape, cross-referenced by name. */
export function componentSchemas(t: Translate): Record<string, OasSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of WIRE_SCHEMAS) registry.add(schema, { id });
  const generated = z.toJSONSchema(registry, {
    target: 'openapi-3.0',
    unrepresentable: 'any',
    uri: (id) => `${SCHEMA_REF}${id}`,
  }).schemas as Record<string, unknown>;
  const out: Record<string, OasSchema> = {};
  for (const [id] of WIRE_SCHEMAS) out[id] = clean(generated[id], t) as OasSchema;
  return out;
}

const NAMES = new Map<z.ZodType, string>(WIRE_SCHEMAS.map(([id, schema]) => [schema, id]));

/** A response body: a reference when it is a named wire shape, else the schema inline. */
export function bodySchema(schema: z.ZodType, t: Translate): OasSchema {
  const name = NAMES.get(schema);
  if (name !== undefined) return { $ref: `${SCHEMA_REF}${name}` };
  return clean(
    z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any' }),
    t,
  ) as OasSchema;
}

export const refTo = (name: string): OasSchema => ({ $ref: `${SCHEMA_REF}${name}` });

/**
 * A default in the argument's own type: the reference's index gives the deployment's `per_page`
 * as text, which an integer schema cannot have as its default.
 */
function typedDefault(value: unknown, type: unknown): unknown {
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  const numeric = type === 'integer' || type === 'number';
  return numeric &&
    typeof value === 'string' &&
    value.trim() !== '' &&
    Number.isFinite(Number(value))
    ? Number(value)
    : value;
}

/**
 * The schema of one request argument from its WordPress-style description. OpenAPI 3.0 has one
 * `type` per schema, so an argument that accepts several types becomes an `anyOf`.
 */
export function argSchema(info: TypeInfo & { default?: unknown }): OasSchema {
  const out: OasSchema = {};
  const types = (Array.isArray(info.type) ? info.type : info.type ? [info.type] : []).filter(
    (type) => OAS_TYPES.has(type),
  );
  if (types.length === 1) {
    out.type = types[0];
    if (types[0] === 'array') out.items = info.items ? argSchema(info.items) : {};
  } else if (types.length > 1) {
    out.anyOf = types.map((type) =>
      type === 'array' ? { type, items: info.items ? argSchema(info.items) : {} } : { type },
    );
  }
  if (info.format !== undefined) out.format = info.format;
  if (info.enum !== undefined) out.enum = info.enum;
  if (info.default !== undefined) out.default = typedDefault(info.default, out.type);
  return out;
}

/**
 * One shape an argument accepts (its metadata's `forms`): an object is documented with each of
 * its fields as the namespace index describes arguments, a list by its items, anything else by
 * its type.
 */
export function formSchema(form: z.ZodType, t: Translate): OasSchema {
  const description = (form.meta() as { description?: string } | undefined)?.description;
  let out: OasSchema;
  const object = objectOf(form);
  const element = object ? undefined : elementOf(form);
  if (object) {
    const properties: Record<string, OasSchema> = {};
    const required: string[] = [];
    for (const [name, field] of argFields(object)) {
      const arg = describeArg(field, t);
      const schema = fieldSchema(field, arg, t);
      properties[name] = arg.description ? { description: arg.description, ...schema } : schema;
      if (arg.required) required.push(name);
    }
    out = { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
  } else if (element) {
    const options = optionsOf(element);
    const { items: _items, ...bounds } = boundsOf(form);
    out = {
      type: 'array',
      items: options
        ? { anyOf: options.map((option) => formSchema(option, t)) }
        : formSchema(element, t),
      // A list's own bounds (its length); its items' bounds come from their forms.
      ...bounds,
    };
  } else {
    out = withBounds(argSchema(describeArg(form, t)), boundsOf(form));
  }
  return description === undefined ? out : { description: t(description), ...out };
}

/** A schema with the bounds its field declares; a list's item bounds go to its items. */
export function withBounds(schema: OasSchema, bounds: Bounds): OasSchema {
  const { items, ...own } = bounds;
  const out: OasSchema = { ...schema, ...own };
  if (items && schema.items && typeof schema.items === 'object') {
    out.items = withBounds(schema.items as OasSchema, items);
  }
  return out;
}

/**
 * The schema of one request argument: every shape it accepts when its metadata lists them
 * (`forms`), else its WordPress description, with the bounds its checks declare.
 */
export function fieldSchema(field: z.ZodType, arg: ArgDescription, t: Translate): OasSchema {
  const forms = formsOf(field);
  if (forms) {
    const anyOf = forms.map((form) => formSchema(form, t));
    const out: OasSchema = { anyOf };
    // In the first form's type (`strict_dates` defaults to false, not "false").
    if (arg.default !== undefined) out.default = typedDefault(arg.default, anyOf[0]?.type);
    return out;
  }
  return withBounds(argSchema(arg), boundsOf(field));
}
