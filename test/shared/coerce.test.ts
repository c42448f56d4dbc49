import { describe, expect, it } from 'vitest';
import {
  booleanLike,
  idList,
  integerLike,
  listOf,
  nonEmptyString,
  numberLike,
  parseBooleanLike,
  positiveInt,
} from '../../shared/schemas/coerce.js';
import { z } from 'zod';

describe('coercions', () => {
  it('reads boolean-like values', () => {
    for (const t of [true, 'true', '1', 'yes', 'on', 1, 'TRUE'])
      expect(parseBooleanLike(t)).toBe(true);
    for (const f of [false, 'false', '0', 'no', 'off', 0, ''])
      expect(parseBooleanLike(f)).toBe(false);
    expect(booleanLike.safeParse('maybe').success).toBe(false);
    expect(booleanLike.safeParse(2).success).toBe(false);
  });

  it('reads integers from numbers and digit strings only', () => {
    expect(integerLike.parse('42')).toBe(42);
    expect(integerLike.parse(-3)).toBe(-3);
    for (const bad of ['4.2', 'foo', '', '1e3', 4.5, '99999999999999999999'])
      expect(integerLike.safeParse(bad).success).toBe(false);
    expect(positiveInt.safeParse('0').success).toBe(false);
    expect(positiveInt.safeParse('-1').success).toBe(false);
  });

  it('reads lists as arrays or comma-separated text', () => {
    expect(idList.parse('1, 2,3')).toEqual([1, 2, 3]);
    expect(idList.parse(['4', 5])).toEqual([4, 5]);
    expect(idList.parse(7)).toEqual([7]);
    expect(idList.safeParse('1,foo').success).toBe(false);
    expect(listOf(z.string()).parse('a,,b ')).toEqual(['a', 'b']);
  });

  it('trims strings and refuses empty ones', () => {
    expect(nonEmptyString.parse('  hi ')).toBe('hi');
    expect(nonEmptyString.safeParse('   ').success).toBe(false);
  });

  it('reads numbers', () => {
    expect(numberLike.parse('-12.5')).toBe(-12.5);
    expect(numberLike.safeParse('abc').success).toBe(false);
    expect(numberLike.safeParse('').success).toBe(false);
  });
});
