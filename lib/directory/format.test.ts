import { describe, expect, it } from 'vitest';
import { formatCount } from './format';

describe('formatCount', () => {
  it('says one thing in the singular and any other number in the plural, with thousands separated', () => {
    expect(formatCount(1, 'product')).toBe('1 product');
    expect(formatCount(0, 'product')).toBe('0 products');
    expect(formatCount(12, 'product')).toBe('12 products');
    expect(formatCount(167629, 'product')).toBe('167,629 products');
  });
});
