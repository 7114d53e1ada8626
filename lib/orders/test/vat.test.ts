// The VAT table (docs/decisions.md#vat), with the seller in Germany: consumers pay their country's
// dated standard rate; a valid VAT number of another member state is reverse charge; the seller's
// own country pays its rate; outside the EU 0 %; a bad checksum or another country's number is
// refused; VIES (when enabled) that says no, or cannot be reached, means VAT is charged.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vatRates } from '@/db/schema';
import { decideVat, standardRateBp } from '@/lib/orders/vat';
import { useTestDatabase } from '@/test/support/db';

const { db } = await useTestDatabase({ seed: false });
const now = new Date('2026-11-20T12:00:00Z');
const viesAnswers = new Map<string, object>();
const vies = http.createServer((req, res) => {
  const number = (req.url ?? '').split('/').pop() ?? '';
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(viesAnswers.get(number) ?? { isValid: false, userError: 'INVALID' }));
});

beforeAll(async () => {
  process.env.SELLER_COUNTRY = 'DE';
  await new Promise<void>((r) => vies.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  delete process.env.VIES_ENABLED;
  await new Promise((r) => vies.close(r));
});

describe('VAT table', () => {
  it.each([
    [
      'consumer in Germany (the seller’s country)',
      'DE',
      null,
      { rate_bp: 1900, reason: 'seller_country', reverse_charge: false },
    ],
    ['consumer in France', 'FR', null, { rate_bp: 2000, reason: 'eu_consumer', reverse_charge: false }],
    ['consumer in Hungary', 'HU', null, { rate_bp: 2700, reason: 'eu_consumer' }],
    ['consumer in Finland (25.5 %)', 'FI', null, { rate_bp: 2550, reason: 'eu_consumer' }],
    [
      'business in France with a valid number',
      'FR',
      'FR 403 032 650 45',
      { rate_bp: 0, reason: 'reverse_charge', reverse_charge: true, vat_number: 'FR40303265045' },
    ],
    ['business in Greece (EL prefix)', 'GR', 'EL094259216', { rate_bp: 0, reason: 'reverse_charge' }],
    [
      'business in the seller’s country',
      'DE',
      'DE136695976',
      { rate_bp: 1900, reason: 'seller_country', reverse_charge: false },
    ],
    ['customer outside the EU', 'US', null, { rate_bp: 0, reason: 'outside_eu', vat_number: null }],
    // Outside the EU a tax number is kept for the receipt as given (it was dropped without a word).
    [
      'business outside the EU with its tax number',
      'GB',
      ' gb 123  456 789 ',
      { rate_bp: 0, reason: 'outside_eu', vat_number: 'GB 123 456 789', vat_number_valid: null },
    ],
    // Monaco is in the EU VAT area through France: the French rate, and French numbers reverse-charge.
    ['consumer in Monaco (French VAT)', 'MC', null, { country: 'MC', rate_bp: 2000, reason: 'eu_consumer' }],
    ['business in Monaco with a French number', 'MC', 'FR40303265045', { rate_bp: 0, reason: 'reverse_charge' }],
    ['no billing country yet', null, null, { rate_bp: 0, reason: 'no_country' }],
  ])('%s', async (_label, country, vatNumber, expected) => {
    expect(await decideVat(db, { country, vatNumber, now })).toMatchObject(expected);
  });

  it('keeps a tax number outside the EU on one line, and refuses characters a receipt should not print', async () => {
    await expect(decideVat(db, { country: 'AU', vatNumber: 'abn 51\n824 753 556', now })).resolves.toMatchObject({
      vat_number: 'ABN 51 824 753 556',
    });
    for (const vatNumber of ['<b>12</b>', 'EIN: 12-3456789', '12\u202e34'])
      await expect(decideVat(db, { country: 'US', vatNumber, now })).rejects.toMatchObject({
        status: 422,
        errors: [{ path: 'vat_number' }],
      });
  });

  it('refuses a number with a bad checksum, and a number of another country than the billing country', async () => {
    await expect(decideVat(db, { country: 'FR', vatNumber: 'FR40303265046', now })).rejects.toMatchObject({
      status: 422,
      errors: [{ path: 'vat_number' }],
    });
    await expect(decideVat(db, { country: 'FR', vatNumber: 'DE136695976', now })).rejects.toMatchObject({
      status: 422,
      errors: [{ path: 'vat_number', message: expect.stringContaining('another country') }],
    });
    // In the seller's own country too (it was taken, and printed on the receipt as the customer's).
    await expect(decideVat(db, { country: 'DE', vatNumber: 'DE123456789', now })).rejects.toMatchObject({
      status: 422,
      errors: [{ path: 'vat_number' }],
    });
    await expect(decideVat(db, { country: 'DE', vatNumber: 'FR40303265045', now })).rejects.toMatchObject({
      status: 422,
      errors: [{ path: 'vat_number', message: expect.stringContaining('another country') }],
    });
  });

  it('asks VIES when enabled: valid → reverse charge, invalid or unreachable → VAT charged with the reason', async () => {
    process.env.VIES_ENABLED = '1';
    process.env.VIES_URL = `http://127.0.0.1:${(vies.address() as AddressInfo).port}`;
    viesAnswers.set('40303265045', { isValid: true, userError: 'VALID' });
    expect(await decideVat(db, { country: 'FR', vatNumber: 'FR40303265045', now })).toMatchObject({
      reason: 'reverse_charge',
    });
    expect(await decideVat(db, { country: 'AT', vatNumber: 'ATU13585627', now })).toMatchObject({
      rate_bp: 2000,
      reason: 'vies_invalid',
      vat_number_valid: false,
    });
    viesAnswers.set('U13585627', { isValid: false, userError: 'MS_UNAVAILABLE' });
    expect(await decideVat(db, { country: 'AT', vatNumber: 'ATU13585627', now })).toMatchObject({
      rate_bp: 2000,
      reason: 'vies_unavailable',
    });
    process.env.VIES_URL = 'http://127.0.0.1:9'; // nothing listens: VIES down
    const down = await decideVat(db, { country: 'FR', vatNumber: 'FR40303265045', now });
    expect(down).toMatchObject({ rate_bp: 2000, reason: 'vies_unavailable', reverse_charge: false });
    expect(down.note).toContain('could not be reached');
    delete process.env.VIES_ENABLED;
  });

  it('reads rates by date: the 27 standard rates of 2026, and an older rate before its change', async () => {
    const all = await db.select().from(vatRates);
    expect(new Set(all.map((r) => r.country)).size).toBe(27);
    expect(await standardRateBp(db, 'EE', now)).toBe(2400);
    await db.insert(vatRates).values({ country: 'EE', rateBp: 2200, validFrom: '2024-01-01', validTo: '2025-07-01' });
    expect(await standardRateBp(db, 'EE', new Date('2025-03-01T00:00:00Z'))).toBe(2200);
    expect(await standardRateBp(db, 'EE', new Date('2025-07-01T00:00:00Z'))).toBe(2400);
    expect(await standardRateBp(db, 'RO', now)).toBe(2100);
  });
});
