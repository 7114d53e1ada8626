// The EU member states (ISO 3166-1 alpha-2) and the seller's establishment (docs/decisions.md#vat).

export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

const EU = new Set<string>(EU_COUNTRIES);

export function isEuCountry(country: string): boolean {
  return EU.has(country);
}

/** The seller's member state: SELLER_COUNTRY (default DE), and its VAT id for receipts (SELLER_VAT_ID). */
export function sellerCountry(): string {
  const c = (process.env.SELLER_COUNTRY || 'DE').toUpperCase();
  return isEuCountry(c) ? c : 'DE';
}

export function sellerVatId(): string {
  return process.env.SELLER_VAT_ID || '';
}

/** A VAT number's prefix is the country code, except Greece (EL). */
export function vatPrefixOf(country: string): string {
  return country === 'GR' ? 'EL' : country;
}
