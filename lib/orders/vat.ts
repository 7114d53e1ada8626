// VAT on an order (docs/decisions.md#vat): rates are dated data (vat_rates); the customer's VAT
// number is checked by format and checksum (jsvat) and, with VIES_ENABLED=1, against VIES with a
// short timeout. VIES unreachable is not valid: VAT is charged, and the quote says why.
import { checkVAT, countries } from 'jsvat';
import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { vatRates, type VatDetail } from '@/db/schema';
import { fieldError } from '@/lib/errors/app-error';
import { isEuCountry, sellerCountry, vatPrefixOf } from './eu';

/** Territories outside the member states that are in the EU VAT area through one of them. */
const VAT_AREA_THROUGH: Record<string, string> = { MC: 'FR' };

export type VatNumberCheck =
  | { valid: true; normalized: string }
  | {
      valid: false;
      normalized: string;
      reason: 'vat_number_invalid' | 'vat_number_country' | 'vies_invalid' | 'vies_unavailable';
    };

/** Upper-cased, spaces, dots and dashes dropped: "de 136.695-976" → "DE136695976". */
export function normalizeVatNumber(raw: string): string {
  return raw.replace(/[\s.\-]/g, '').toUpperCase();
}

const VIES_TIMEOUT_MS = () => Number(process.env.VIES_TIMEOUT_MS) || 3000;
const viesBase = () =>
  (process.env.VIES_URL || 'https://ec.europa.eu/taxation_customs/vies/rest-api').replace(/\/+$/, '');

/** VIES answer: true/false, or null when it could not be asked (down, slow, member state unavailable). */
async function askVies(prefix: string, number: string): Promise<boolean | null> {
  try {
    const res = await fetch(`${viesBase()}/ms/${prefix}/vat/${encodeURIComponent(number)}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(VIES_TIMEOUT_MS()),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { isValid?: unknown; userError?: unknown };
    if (body.isValid === true) return true;
    if (body.userError === 'INVALID' || (body.isValid === false && (body.userError ?? 'INVALID') === 'INVALID'))
      return false;
    return null;
  } catch {
    return null;
  }
}

/** Checks a VAT number for a billing country: format and checksum, the country, then VIES when enabled. */
export async function checkVatNumber(raw: string, billingCountry: string): Promise<VatNumberCheck> {
  const normalized = normalizeVatNumber(raw);
  const result = checkVAT(normalized, countries);
  if (!result.isValid || !result.country) return { valid: false, normalized, reason: 'vat_number_invalid' };
  if (result.country.isoCode.short !== billingCountry)
    return { valid: false, normalized, reason: 'vat_number_country' };
  if (process.env.VIES_ENABLED === '1') {
    const prefix = vatPrefixOf(billingCountry);
    const vies = await askVies(prefix, normalized.slice(prefix.length));
    if (vies === null) return { valid: false, normalized, reason: 'vies_unavailable' };
    if (!vies) return { valid: false, normalized, reason: 'vies_invalid' };
  }
  return { valid: true, normalized };
}

/** The standard rate (basis points) of a member state on a day, from the dated table. */
export async function standardRateBp(db: DbOrTx, country: string, on: Date): Promise<number | null> {
  const day = on.toISOString().slice(0, 10);
  const [row] = await db
    .select({ rateBp: vatRates.rateBp })
    .from(vatRates)
    .where(
      and(
        eq(vatRates.country, country),
        lte(vatRates.validFrom, day),
        or(isNull(vatRates.validTo), gt(vatRates.validTo, day)),
      ),
    )
    .orderBy(desc(vatRates.validFrom))
    .limit(1);
  return row?.rateBp ?? null;
}

const NOTES: Record<string, string> = {
  no_country: 'No billing country yet: VAT is added once the billing country is known.',
  outside_eu: 'Customer outside the EU: no EU VAT is charged.',
  seller_country: 'Customer in the seller’s own country: the seller’s VAT rate applies.',
  eu_consumer: 'EU customer without a valid VAT number: the customer country’s standard rate applies.',
  reverse_charge:
    'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).',
  vat_number_invalid: 'The VAT number is not valid (format or checksum), so VAT is charged.',
  vat_number_country: 'The VAT number belongs to another country than the billing country, so VAT is charged.',
  vies_invalid: 'VIES does not know this VAT number, so VAT is charged.',
  vies_unavailable:
    'VIES could not be reached to confirm the VAT number, so VAT is charged; try again later for reverse charge.',
};

/**
 * Decides the VAT of a sale (docs/decisions.md#vat): outside the EU 0 %; the seller's country its
 * rate; an EU business with a valid number of another member state reverse charge (0 %); any other
 * EU customer the customer country's standard rate. A number that fails its format or checksum, or
 * belongs to another country than the billing country, is refused (422 on vat_number), in the seller's
 * country as well; a number VIES
 * rejects or cannot confirm is charged VAT, with the reason.
 */
export async function decideVat(
  db: DbOrTx,
  input: { country: string | null; vatNumber: string | null; now: Date },
): Promise<VatDetail> {
  const detail = (
    country: string | null,
    rateBp: number,
    reason: string,
    extra: Partial<VatDetail> = {},
  ): VatDetail => ({
    country,
    rate_bp: rateBp,
    reverse_charge: reason === 'reverse_charge',
    reason,
    note: NOTES[reason] ?? '',
    vat_number: null,
    vat_number_valid: null,
    ...extra,
  });
  const country = input.country?.toUpperCase() ?? null;
  if (!country) return detail(null, 0, 'no_country');
  // Monaco is in the EU VAT area through France (Directive 2006/112/EC, art. 7): French rate and numbers.
  const taxedAs = VAT_AREA_THROUGH[country] ?? country;
  if (!isEuCountry(taxedAs)) {
    const given = outsideEuNumber(input.vatNumber);
    return detail(
      country,
      0,
      'outside_eu',
      given ? { vat_number: given, vat_number_valid: null, note: `${NOTES.outside_eu} ${OUTSIDE_EU_NUMBER_NOTE}` } : {},
    );
  }
  const rate = await standardRateBp(db, taxedAs, input.now);
  if (rate === null) throw new Error(`No VAT rate for ${taxedAs} on ${input.now.toISOString()}`);
  const seller = sellerCountry();
  let check: VatNumberCheck | null = null;
  if (input.vatNumber?.trim()) check = await checkVatNumber(input.vatNumber, taxedAs);
  const numberFacts = check ? { vat_number: check.normalized, vat_number_valid: check.valid } : {};
  // A malformed number, or one of another country, is refused in the seller's country too: it would
  // be printed on the receipt as the customer's.
  if (check && !check.valid && (check.reason === 'vat_number_invalid' || check.reason === 'vat_number_country'))
    throw fieldError('vat_number', NOTES[check.reason].replace(', so VAT is charged', ''));
  if (taxedAs === seller) return detail(country, rate, 'seller_country', numberFacts);
  if (check?.valid) return detail(country, 0, 'reverse_charge', numberFacts);
  if (check && !check.valid) return detail(country, rate, check.reason, numberFacts);
  return detail(country, rate, 'eu_consumer', numberFacts);
}

const OUTSIDE_EU_NUMBER_NOTE = 'The customer’s tax number is printed as given (EU VAT rules do not check it).';

/**
 * A tax number of a customer outside the EU (a UK VAT number, an ABN…): no EU rule checks it, so it is
 * kept as given for the receipt (it was dropped without a word), in upper case, spaces collapsed. Only
 * letters, digits, spaces, dots, dashes and slashes: it is printed in receipts and their mail.
 */
function outsideEuNumber(vatNumber: string | null): string | null {
  const given = vatNumber?.trim().replace(/\s+/g, ' ').toUpperCase();
  if (!given) return null;
  if (!/^[A-Z0-9][A-Z0-9 ./-]*$/.test(given))
    throw fieldError('vat_number', 'Use letters, digits, spaces, dots, dashes or slashes in the tax number.');
  return given;
}

/** VAT in cents on a net amount, rounded half up. */
export function vatOn(netCents: number, rateBp: number): number {
  return Math.round((netCents * rateBp) / 10_000);
}
