// The billing form's countries: each once, under its current code (ICU still names retired ones).
import { describe, expect, it } from 'vitest';
import { billingCountries, isBillingCountry } from '@/lib/orders/countries';

describe('billing countries', () => {
  it('lists each country once, under its current code', () => {
    const all = billingCountries();
    const names = all.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const [current, retired] of [
      ['GB', 'UK'],
      ['BJ', 'DY'],
      ['BF', 'HV'],
      ['VU', 'NH'],
      ['VN', 'VD'],
      ['ZW', 'RH'],
    ]) {
      expect(isBillingCountry(current), current).toBe(true);
      expect(isBillingCountry(retired), retired).toBe(false);
    }
    expect(isBillingCountry('XX')).toBe(false);
    expect(isBillingCountry('EU')).toBe(false);
    expect(all.length).toBeGreaterThan(240);
  });
});
