/**
 * Describes an argument's zod schema the way WordPress describes route arguments:
 * `{required, description?, type?, default?, enum?, items?}`. A field's `.meta()` may name its
 * wire type where coercion makes the input schema wider than the documented one.
 */
import { z } from 'zod';

export interface ArgDescription {
  required: boolean;
  description?: string;
  type?: string | string[];
  default?: unknown;
  enum?: unknown[];
  items?: unknown;
  format?: string;
}

type JsonSchema = {
  type?: string | string[];
  description?: string;
  default?: unknown;
  enum?: unknown[];
  items?: unknown;
  format?: string;
  anyOf?: JsonSchema[];
};

export function describeArg(field: z.ZodType): ArgDescription {
  const schema = z.toJSONSchema(field, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const meta = (field.meta() ?? {}) as JsonSchema;
  const out: ArgDescription = { required: !field.safeParse(undefined).success };
  const description = meta.description ?? schema.description;
  if (description !== undefined) out.description = description;
  const type = meta.type ?? schema.type ?? unionType(schema);
  if (type !== undefined) out.type = type;
  const dflt = meta.default ?? schema.default;
  if (dflt !== undefined) out.default = dflt;
  const values = meta.enum ?? schema.enum;
  if (values !== undefined) out.enum = values;
  const items = meta.items ?? schema.items;
  if (items !== undefined) out.items = items;
  const format = meta.format ?? schema.format;
  if (format !== undefined) out.format = format;
  return out;
}

function unionType(schema: JsonSchema): string[] | undefined {
  if (!schema.anyOf) return undefined;
  const types = [
    ...new Set(
      schema.anyOf.flatMap((s) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : [])),
    ),
  ];
  return types.length > 0 ? types : undefined;
}
