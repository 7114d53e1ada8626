// Countries for the billing form: every ISO 3166-1 alpha-2 region the runtime's ICU data names,
// sorted by English name (no hand-kept list to go stale). A retired code that ICU still names (UK,
// DY for Benin, …) is left out when ICU canonicalizes it to another: each country appears once.
const NOT_COUNTRIES = new Set([
  'EU',
  'EZ',
  'UN',
  'QO',
  'ZZ',
  'XA',
  'XB',
  'AN',
  'BU',
  'CS',
  'DD',
  'FX',
  'NT',
  'SU',
  'TP',
  'YD',
  'YU',
  'ZR',
]);

let cached: { code: string; name: string }[] | null = null;

export function billingCountries(): { code: string; name: string }[] {
  if (cached) return cached;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  const out: { code: string; name: string }[] = [];
  for (let a = 65; a <= 90; a++)
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code) || Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue;
      const name = names.of(code);
      if (name && name !== code) out.push({ code, name });
    }
  cached = out.sort((x, y) => x.name.localeCompare(y.name, 'en'));
  return cached;
}

export function countryName(code: string | null): string {
  if (!code) return '';
  return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }).of(code) ?? code;
}

let codes: Set<string> | null = null;

/** Whether `code` (upper case) is one of the billing form's countries. */
export function isBillingCountry(code: string): boolean {
  codes ??= new Set(billingCountries().map((c) => c.code));
  return codes.has(code);
}
