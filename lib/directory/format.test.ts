import { describe, expect, it } from 'vitest';
import { formatCount, formatWeekRange } from './format';

describe('formatCount', () => {
  it('says one thing in the singular and any other number in the plural, with thousands separated', () => {
    expect(formatCount(1, 'product')).toBe('1 product');
    expect(formatCount(0, 'product')).toBe('0 products');
    expect(formatCount(12, 'product')).toBe('12 products');
    expect(formatCount(167629, 'product')).toBe('167,629 products');
  });
});

describe('formatWeekRange', () => {
  it('names the year once, or both years when the week spans two', () => {
    expect(formatWeekRange('2026-W47')).toBe('16 Nov – 22 Nov 2026');
    expect(formatWeekRange('2026-W01')).toBe('29 Dec 2025 – 4 Jan 2026');
    expect(formatWeekRange('2020-W53')).toBe('28 Dec 2020 – 3 Jan 2021');
  });
});
