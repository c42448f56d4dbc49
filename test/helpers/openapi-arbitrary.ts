/**
 * fast-check arbitraries for the OpenAPI 3.0 schemas our document uses (no maintained library
 * turns OpenAPI schemas into fast-check arbitraries): every value generated satisfies the schema,
 * so whatever the server refuses among them, the document failed to say.
 */
import fc from 'fast-check';

export type Schema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
  description?: string;
};

/**
 * Values a schema alone cannot make valid (an existing venue's id), by the name of the property
 * or parameter holding them (list items keep their list's name).
 */
export type Override = (schema: Schema, name: string) => fc.Arbitrary<unknown> | undefined;

const DATE_MIN = new Date('2000-01-01T00:00:00Z');
const DATE_MAX = new Date('2099-12-31T23:59:59Z');
const isoDate = fc.date({ min: DATE_MIN, max: DATE_MAX, noInvalidDate: true });

function stringOf(schema: Schema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'date-time':
      return isoDate.map((d) => d.toISOString().replace(/\.\d{3}Z$/, 'Z'));
    case 'date':
      return isoDate.map((d) => d.toISOString().slice(0, 10));
    case 'uri':
      return fc.webUrl({ validSchemes: ['http', 'https'] });
    case 'email':
      return fc.emailAddress();
    default:
      break;
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Math.max(minLength, 24);
  if (schema.pattern !== undefined) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => s.length >= minLength && s.length <= maxLength);
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

function integerOf(schema: Schema): fc.Arbitrary<number> {
  const min = (schema.minimum ?? -1000) + (schema.exclusiveMinimum ? 1 : 0);
  const max = (schema.maximum ?? Math.max(min, 0) + 1000) - (schema.exclusiveMaximum ? 1 : 0);
  return fc.integer({ min, max });
}

function numberOf(schema: Schema): fc.Arbitrary<number> {
  return fc.double({
    min: schema.minimum ?? -1e6,
    max: schema.maximum ?? 1e6,
    minExcluded: schema.exclusiveMinimum === true,
    maxExcluded: schema.exclusiveMaximum === true,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/** An arbitrary of values valid against `schema` (already dereferenced), held by `name`. */
export function arbitraryFor(
  schema: Schema,
  name: string,
  override?: Override,
): fc.Arbitrary<unknown> {
  const given = override?.(schema, name);
  if (given) return given;
  const inner = (s: Schema, held = name) => arbitraryFor(s, held, override);
  let arb: fc.Arbitrary<unknown>;
  if (schema.enum !== undefined) arb = fc.constantFrom(...schema.enum);
  else if (schema.anyOf ?? schema.oneOf)
    arb = fc.oneof(...(schema.anyOf ?? schema.oneOf)!.map((branch) => inner(branch)));
  else if (schema.type === 'string') arb = stringOf(schema);
  else if (schema.type === 'integer') arb = integerOf(schema);
  else if (schema.type === 'number') arb = numberOf(schema);
  else if (schema.type === 'boolean') arb = fc.boolean();
  else if (schema.type === 'array') {
    arb = fc.array(inner(schema.items ?? {}), {
      minLength: schema.minItems ?? 0,
      maxLength: schema.maxItems ?? Math.max(schema.minItems ?? 0, 4),
    });
  } else if (schema.type === 'object' || schema.properties) {
    const properties = schema.properties ?? {};
    const required = schema.required ?? [];
    arb = fc.record(
      Object.fromEntries(
        // `{id}` objects name what their holder names (an organizer's id is an organizer).
        Object.entries(properties).map(([key, value]) => [
          key,
          inner(value, key === 'id' ? name : key),
        ]),
      ),
      { requiredKeys: required.filter((key) => key in properties) },
    );
  } else {
    arb = fc.oneof(fc.string(), fc.integer(), fc.boolean());
  }
  return schema.nullable ? fc.option(arb, { nil: null }) : arb;
}
