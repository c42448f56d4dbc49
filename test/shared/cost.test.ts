import { describe, expect, it } from 'vitest';
import { costEntries, lowestCost, presentCost } from '../../shared/cost.js';

const defaults = {
  currency_symbol: '$',
  currency_code: 'USD',
  currency_position: 'prefix' as const,
};
const view = (input: unknown) => presentCost(costEntries(input), defaults);

describe('presentCost', () => {
  it('reads the symbol and its position from the cost', () => {
    expect(view('20$')).toEqual({
      cost: '20$',
      cost_details: {
        currency_symbol: '$',
        currency_code: 'USD',
        currency_position: 'postfix',
        values: ['20'],
      },
    });
    expect(view('€15').cost).toBe('€15');
    expect(view('€15').cost_details.currency_position).toBe('prefix');
  });

  it('shows ranges with an en dash and zero as Free', () => {
    const range = view(['0$', '20$', '30$']);
    expect(range.cost).toBe('Free – 30$');
    expect(range.cost_details.values).toEqual(['0', '20', '30']);
  });

  it('formats plain amounts with the default currency but reports no parsed symbol', () => {
    expect(view('25')).toEqual({
      cost: '$25',
      cost_details: {
        currency_symbol: '',
        currency_code: 'USD',
        currency_position: '',
        values: ['25'],
      },
    });
    expect(view('€6.50 - €8.50').cost).toBe('$6.50 – $8.50');
    expect(view('€6.50 - €8.50').cost_details.values).toEqual(['6.50', '8.50']);
  });

  it('keeps a zero cost as Free (decisions.md 14) and words as they are', () => {
    expect(view('0').cost).toBe('Free');
    expect(view('0').cost_details.values).toEqual(['0']);
    expect(view('Free').cost).toBe('Free');
    expect(view('Free').cost_details.values).toEqual(['free']);
  });

  it('normalises decimal commas and thousands separators', () => {
    expect(view('25,55').cost_details.values).toEqual(['25.55']);
    expect(view('1,000').cost_details.values).toEqual(['1000']);
    expect(view('1.234,5').cost_details.values).toEqual(['1234.5']);
  });

  it('shows nothing without a cost', () => {
    expect(view('')).toEqual({
      cost: '',
      cost_details: { currency_symbol: '', currency_code: '', currency_position: '', values: [] },
    });
    expect(view([])).toEqual(view(''));
  });

  it('finds the lowest amount', () => {
    expect(lowestCost(['30$', '20$'])).toBe('20');
    expect(lowestCost(['Free'])).toBeUndefined();
  });
});
