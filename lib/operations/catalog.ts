// Public catalog operations: categories, products with prices, founder interview questions.
import { z } from 'zod';
import { listActiveProducts, listInterviewQuestions } from '@/lib/catalog/catalog';
import { cachedCategories } from '@/lib/directory/cached';
import { defineOperation } from './define';

const empty = z.strictObject({});

export const listCategoriesOp = defineOperation({
  name: 'list_categories',
  method: 'GET',
  path: '/categories',
  scope: 'public',
  idempotent: false,
  tag: 'Catalog',
  summary: 'List categories',
  description: 'All listing categories. Draft and listing `categories` take these names, the first being primary.',
  input: empty,
  output: z.object({
    items: z.array(
      z.object({
        slug: z.string(),
        name: z.string(),
        description: z.string(),
        listing_count: z.number().int().meta({ description: 'Live listings in the category.' }),
      }),
    ),
  }),
  handler: async () => ({
    items: (await cachedCategories()).map((c) => ({
      slug: c.slug,
      name: c.name,
      description: c.description,
      listing_count: c.listingCount,
    })),
  }),
  text: (o) => o.items.map((c) => `${c.name} (${c.listing_count})`).join(', '),
});

const productOption = z.object({
  name: z.string(),
  type: z.enum(['iso_week', 'iso_week_list', 'category_list', 'integer_cents', 'string']),
  required: z.boolean(),
  description: z.string(),
  min: z.number().optional(),
  max: z.number().optional(),
});

export const listProductsOp = defineOperation({
  name: 'list_products',
  method: 'GET',
  path: '/products',
  scope: 'public',
  idempotent: false,
  tag: 'Orders',
  summary: 'List purchasable products and prices',
  description: 'Every purchasable product with its current price in USD cents (excluding VAT), set by the site team.',
  input: empty,
  output: z.object({
    items: z.array(
      z
        .object({
          key: z.string().meta({ description: 'Product identifier used in order items.', example: 'launch' }),
          name: z.string(),
          description: z.string(),
          price_cents: z.number().int().meta({ description: 'Price in USD cents, excluding VAT.' }),
          currency: z.literal('usd'),
          needs_listing: z
            .boolean()
            .meta({ description: 'Bought for one of your listings (order items then need listing_id).' }),
          options: z.array(productOption).meta({ description: 'Options an order item for this product takes.' }),
        })
        .meta({ id: 'Product' }),
    ),
  }),
  handler: async (ctx) => ({
    items: (await listActiveProducts(ctx.publicDb)).map((p) => ({
      key: p.key,
      name: p.name,
      description: p.description,
      price_cents: p.priceCents,
      currency: 'usd' as const,
      needs_listing: p.needsListing,
      options: p.options,
    })),
  }),
  text: (o) => o.items.map((p) => `${p.name}: $${(p.price_cents / 100).toFixed(2)}`).join('\n'),
});

export const listInterviewQuestionsOp = defineOperation({
  name: 'list_interview_questions',
  method: 'GET',
  path: '/interview-questions',
  scope: 'public',
  idempotent: false,
  tag: 'Interview',
  summary: 'List founder interview questions',
  description: 'The questions founders can answer on their founder profile (answer with answer_interview).',
  input: empty,
  output: z.object({
    items: z.array(
      z.object({
        id: z.number().int(),
        key: z.string().meta({ description: 'Stable identifier of the question.', example: 'origin' }),
        question: z.string(),
        help_text: z.string(),
        position: z.number().int(),
      }),
    ),
  }),
  handler: async (ctx) => ({
    items: (await listInterviewQuestions(ctx.publicDb)).map((q) => ({
      id: q.id,
      key: q.key,
      question: q.question,
      help_text: q.helpText,
      position: q.position,
    })),
  }),
  text: (o) => o.items.map((q, i) => `${i + 1}. ${q.question}`).join('\n'),
});
