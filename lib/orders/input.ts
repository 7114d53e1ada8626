// The body of quote_order and create_checkout, described once (the same words reach OpenAPI and MCP).
import { z } from 'zod';
import { rowId } from '@/lib/input/ids';
import { isBillingCountry } from './countries';

export const MAX_ITEMS = 20;

export const orderItemSchema = z
  .object({
    product: z.string().min(1).max(64).meta({ description: 'Product key from list_products.', example: 'launch' }),
    listing_id: rowId()
      .optional()
      .meta({ description: 'One of your listings (products with needs_listing).', example: 42 }),
  })
  .catchall(z.unknown())
  .meta({
    id: 'OrderItem',
    description:
      "An order item: the product, the listing it is for, and the product's options side by side (their names and types are in list_products, e.g. launch_week, weeks, categories). Unknown options are refused.",
    example: { product: 'launch', listing_id: 42, launch_week: '2026-W51' },
  });

export const orderBody = {
  items: z
    .array(orderItemSchema)
    .min(1)
    .max(MAX_ITEMS)
    .meta({ description: `What to buy (1 to ${MAX_ITEMS} items).` }),
  billing_country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'Use an ISO 3166-1 alpha-2 country code, e.g. DE.')
    .transform((c) => c.toUpperCase())
    .refine(isBillingCountry, 'No country has this code (ISO 3166-1 alpha-2, e.g. DE).')
    .optional()
    .meta({
      description: 'Billing country (ISO 3166-1 alpha-2); decides the VAT. It can also be set on the checkout page.',
      example: 'DE',
    }),
  vat_number: z.string().max(32).optional().meta({
    description:
      'EU VAT number of a business; a valid number of another member state than the seller’s gives reverse charge. Outside the EU, a tax number is printed on the receipt as given (letters, digits, spaces, dots, dashes, slashes).',
    example: 'FR40303265045',
  }),
  promo_code: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .meta({ description: 'Promo code, exactly as typed.', example: 'LAUNCH20' }),
};

export type OrderBody = {
  items: z.infer<typeof orderItemSchema>[];
  billing_country?: string;
  vat_number?: string;
  promo_code?: string;
};
