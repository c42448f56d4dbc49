import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  booleanLike,
  idList,
  integerLike,
  listOf,
  nonEmptyString,
  numberLike,
  positiveInt,
} from '../../../shared/schemas/coerce.js';
import { describeArg } from '../../../server/http/describe.js';

describe('describeArg', () => {
  it('documents the shared coercions as the type they stand for', () => {
    expect(describeArg(booleanLike.optional())).toEqual({ required: false, type: 'boolean' });
    expect(describeArg(integerLike)).toEqual({ required: true, type: 'integer' });
    expect(describeArg(positiveInt.default(1))).toEqual({
      required: false,
      type: 'integer',
      default: 1,
    });
    expect(describeArg(numberLike.optional())).toEqual({ required: false, type: 'number' });
    expect(describeArg(nonEmptyString)).toEqual({ required: true, type: 'string' });
    expect(describeArg(idList.optional())).toEqual({
      required: false,
      type: 'array',
      items: { type: 'integer' },
    });
    expect(describeArg(listOf(z.string()).optional())).toEqual({
      required: false,
      type: 'array',
      items: { type: 'string' },
    });
  });

  it('reads enums, formats and metadata, the outer metadata winning, in the §8.1 key order', () => {
    const arg = describeArg(
      z
        .enum(['asc', 'desc'])
        .meta({ description: 'Inner.' })
        .default('asc')
        .meta({ description: 'Sort order.' }),
    );
    expect(arg).toEqual({
      required: false,
      description: 'Sort order.',
      type: 'string',
      default: 'asc',
      enum: ['asc', 'desc'],
    });
    expect(Object.keys(arg)).toEqual(['required', 'description', 'type', 'default', 'enum']);
    expect(describeArg(z.email().optional())).toMatchObject({ type: 'string', format: 'email' });
    expect(describeArg(z.unknown().meta({ type: 'integer', description: 'A venue.' }))).toEqual({
      required: false,
      description: 'A venue.',
      type: 'integer',
    });
  });

  it('lists the types of a union the meta does not name', () => {
    expect(describeArg(z.union([z.string(), z.number()]))).toEqual({
      required: true,
      type: ['string', 'number'],
    });
  });

  it('translates only the description and uses a dynamic default when there is no static one', () => {
    const field = positiveInt.optional().meta({ description: 'Per page.' });
    expect(describeArg(field, (s) => `«${s}»`, '10')).toEqual({
      required: false,
      description: '«Per page.»',
      type: 'integer',
      default: '10',
    });
    expect(describeArg(positiveInt.default(5), (s) => s, '10').default).toBe(5);
  });
});
