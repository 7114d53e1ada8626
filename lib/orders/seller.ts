// Who sells: printed on every receipt (page and email), as an invoice must name its seller. The site
// operator sets SELLER_NAME and SELLER_ADDRESS (lines separated by "|" or a newline); the country and
// VAT id are those that decide VAT (./eu.ts).
import { sellerCountry, sellerVatId } from './eu';

export type Seller = { name: string | null; addressLines: string[]; country: string; vatId: string | null };

export function sellerDetails(env: NodeJS.ProcessEnv = process.env): Seller {
  const name = env.SELLER_NAME?.trim() || null;
  const addressLines = (env.SELLER_ADDRESS ?? '')
    .split(/\||\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return { name, addressLines, country: sellerCountry(), vatId: sellerVatId() || null };
}
