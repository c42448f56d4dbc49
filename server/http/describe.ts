/**
 * Describes an argument's zod schema the way WordPress describes route arguments
 * (docs/contract/compat-notes.md §8.1): `{required, description?, type?, default?, items?, format?, enum?}`.
 * The namespace index and the OpenAPI document both read arguments through here, so they cannot
 * disagree. A field's `.meta()` may name its wire type where a coercion (a string that holds a
 * number, a CSV list) makes the input schema wider than the documented one; the shared coercions
 * of `shared/schemas/coerce.ts` are recognised without it.
 */
import { z } from 'zod';
import {
  booleanLike,
  idList,
  integerLike,
  nonEmptyString,
  numberLike,
  positiveInt,
} from '../../shared/schemas/coerce.js';

export interface ArgDescription {
  required: boolean;
  description?: string;
  type?: string | string[];
  default?: unknown;
  items?: TypeInfo;
  format?: string;
  enum?: unknown[];
}

/** The type part of a description, also used for array items. */
export interface TypeInfo {
  type?: string | string[];
  items?: TypeInfo;
  format?: string;
  enum?: unknown[];
}

interface ArgMeta extends TypeInfo {
  description?: string;
  default?: unknown;
  /** Every shape the argument accepts, when one WordPress `type` cannot say it (OpenAPI only). */
  forms?: z.ZodType[];
}

/** The zod internals this walker reads: each wrapper's inner schema and a default's value. */
interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  defaultValue?: unknown;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'readonly',
  'catch',
  'nonoptional',
  'lazy',
]);

// The shared coercions accept strings for numbers and booleans; their documented type is the
// value they stand for, as the reference documents it.
const KNOWN = new Map<z.ZodType, TypeInfo>([
  [booleanLike, { type: 'boolean' }],
  [integerLike, { type: 'integer' }],
  [positiveInt, { type: 'integer' }],
  [numberLike, { type: 'number' }],
  [nonEmptyString, { type: 'string' }],
  [idList, { type: 'array', items: { type: 'integer' } }],
]);

function innerOf(schema: z.ZodType): z.ZodType | undefined {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return def.innerType;
  if (def.type === 'pipe') return def.in;
  return undefined;
}

/** Metadata from the outermost wrapper inwards; the outer one wins, as it was written last. */
function collectMeta(field: z.ZodType): { meta: ArgMeta; defaultValue: unknown } {
  const meta: ArgMeta = {};
  let defaultValue: unknown;
  for (let s: z.ZodType | undefined = field; s; s = innerOf(s)) {
    const own = (s.meta() ?? {}) as ArgMeta;
    for (const key of Object.keys(own) as (keyof ArgMeta)[]) {
      if (meta[key] === undefined && own[key] !== undefined)
        Object.assign(meta, { [key]: own[key] });
    }
    const def = defOf(s);
    if (def.type === 'default' && defaultValue === undefined) defaultValue = def.defaultValue;
  }
  return { meta, defaultValue };
}

type Json = { type?: string | string[]; format?: string; enum?: unknown[]; const?: unknown };

function leafType(schema: z.ZodType): TypeInfo {
  let json: Json;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  } catch {
    return {};
  }
  const out: TypeInfo = {};
  if (json.type !== undefined) out.type = json.type;
  if (json.format !== undefined) out.format = json.format;
  if (json.enum !== undefined) out.enum = json.enum;
  else if (json.const !== undefined) out.enum = [json.const];
  return out;
}

/** What a client sends for this schema: the type of its input side. */
export function typeInfo(schema: z.ZodType): TypeInfo {
  const known = KNOWN.get(schema);
  if (known) return known;
  const meta = (schema.meta() ?? {}) as ArgMeta;
  if (meta.type !== undefined) return pickType(meta);
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return typeInfo(def.innerType!);
  if (def.type === 'pipe') {
    // A list accepted as an array or as CSV text is documented as the array it becomes.
    if (def.out && defOf(def.out).type === 'array') return typeInfo(def.out);
    return typeInfo(def.in!);
  }
  if (def.type === 'array') {
    const items = typeInfo(def.element!);
    return Object.keys(items).length > 0 ? { type: 'array', items } : { type: 'array' };
  }
  if (def.type === 'union') {
    const parts = def.options!.map(typeInfo);
    const types = [
      ...new Set(parts.flatMap((p) => (Array.isArray(p.type) ? p.type : p.type ? [p.type] : []))),
    ];
    if (types.length === 1) return parts.find((p) => p.type === types[0]) ?? { type: types[0] };
    return types.length > 0 ? { type: types } : {};
  }
  return leafType(schema);
}

function pickType(meta: TypeInfo): TypeInfo {
  const out: TypeInfo = {};
  if (meta.type !== undefined) out.type = meta.type;
  if (meta.items !== undefined) out.items = meta.items;
  if (meta.format !== undefined) out.format = meta.format;
  if (meta.enum !== undefined) out.enum = meta.enum;
  return out;
}

/** Whether the argument must be present: its schema rejects a missing value. */
export function isRequired(field: z.ZodType): boolean {
  return !field.safeParse(undefined).success;
}

function computeArg(field: z.ZodType): ArgDescription {
  const { meta, defaultValue } = collectMeta(field);
  const inferred = typeInfo(field);
  const out: ArgDescription = { required: isRequired(field) };
  if (meta.description !== undefined) out.description = meta.description;
  const type = meta.type ?? inferred.type;
  if (type !== undefined) out.type = type;
  const dflt = meta.default ?? defaultValue;
  if (dflt !== undefined) out.default = dflt;
  const items = meta.items ?? inferred.items;
  if (items !== undefined) out.items = items;
  const format = meta.format ?? inferred.format;
  if (format !== undefined) out.format = format;
  const values = meta.enum ?? inferred.enum;
  if (values !== undefined) out.enum = values;
  return out;
}

// Schemas never change while the server runs, and the indexes describe every argument of every
// route on each request: the untranslated description is computed once per schema.
const described = new WeakMap<z.ZodType, ArgDescription>();

/**
 * The WordPress-style description of one argument, keys in the order of docs/contract/compat-notes.md §8.1.
 * `translate` localises the description; `dynamicDefault` supplies a default that depends on
 * the deployment (the reference's `per_page` default comes from a site option).
 */
export function describeArg(
  field: z.ZodType,
  translate: (english: string) => string = (s) => s,
  dynamicDefault?: unknown,
): ArgDescription {
  let base = described.get(field);
  if (!base) {
    base = computeArg(field);
    described.set(field, base);
  }
  const out: ArgDescription = { required: base.required };
  if (base.description !== undefined) out.description = translate(base.description);
  if (base.type !== undefined) out.type = base.type;
  const dflt = base.default ?? dynamicDefault;
  if (dflt !== undefined) out.default = dflt;
  if (base.items !== undefined) out.items = base.items;
  if (base.format !== undefined) out.format = base.format;
  if (base.enum !== undefined) out.enum = base.enum;
  return out;
}

/** The shapes an argument accepts, listed in its metadata, or `undefined`. */
export function formsOf(field: z.ZodType): z.ZodType[] | undefined {
  return collectMeta(field).meta.forms;
}

/** The object schema inside wrappers and transforms (inline data), or `undefined`. */
export function objectOf(schema: z.ZodType): z.ZodObject | undefined {
  for (let s: z.ZodType | undefined = schema; s; s = innerOf(s)) {
    if (defOf(s).type === 'object') return s as z.ZodObject;
  }
  return undefined;
}

/** The element schema of an array (inside wrappers), or `undefined`. */
export function elementOf(schema: z.ZodType): z.ZodType | undefined {
  for (let s: z.ZodType | undefined = schema; s; s = innerOf(s)) {
    const def = defOf(s);
    if (def.type === 'array') return def.element;
  }
  return undefined;
}

/** The options of a union, or `undefined`. */
export function optionsOf(schema: z.ZodType): z.ZodType[] | undefined {
  const def = defOf(schema);
  return def.type === 'union' ? def.options : undefined;
}

/**
 * What the OpenAPI document states about an argument beyond WordPress's keys, in JSON Schema's
 * words. They come from `.meta()`, declared once beside the check they describe (the shared
 * coercions declare theirs), and never reach the namespace index, which keeps WordPress's keys.
 */
export interface Bounds {
  minimum?: number;
  maximum?: number;
  /** OpenAPI 3.0's form: `minimum` itself is excluded. */
  exclusiveMinimum?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  /** The bounds of a list's items. */
  items?: Bounds;
}

const BOUND_KEYS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
] as const;

/** The element of a list, also when the list is first read from text (a pipe into an array). */
function listElement(schema: z.ZodType): z.ZodType | undefined {
  for (let s: z.ZodType | undefined = schema; s; s = innerOf(s)) {
    const def = defOf(s);
    if (def.type === 'array') return def.element;
    if (def.type === 'pipe' && def.out) {
      const element = listElement(def.out);
      if (element) return element;
    }
  }
  return undefined;
}

export function boundsOf(field: z.ZodType): Bounds {
  const out: Bounds = {};
  for (let s: z.ZodType | undefined = field; s; s = innerOf(s)) {
    const own = (s.meta() ?? {}) as Bounds;
    for (const key of BOUND_KEYS) {
      if (out[key] === undefined && own[key] !== undefined) Object.assign(out, { [key]: own[key] });
    }
  }
  const element = listElement(field);
  if (element) {
    const items = boundsOf(element);
    if (Object.keys(items).length > 0) out.items = items;
  }
  return out;
}

/** The fields of an endpoint's argument object, in declaration order. */
export function argFields(schema: z.ZodObject): [string, z.ZodType][] {
  return Object.entries(schema.shape as Record<string, z.ZodType>);
}
