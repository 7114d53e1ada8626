// Shared pieces of operation schemas. Each field is described once; OpenAPI and MCP reuse the words.
import { z } from 'zod';

export const paginationInput = {
  page: z.coerce.number().int().min(1).default(1).meta({ description: 'Page number, 1-based.', example: 1 }),
  per_page: z.coerce.number().int().min(1).max(100).default(20).meta({ description: 'Items per page (at most 100).', example: 20 }),
};

export function paginated<T extends z.ZodType>(item: T, id?: string) {
  const schema = z.object({
    items: z.array(item),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int().meta({ description: 'Number of items across all pages.' }),
    has_more: z.boolean(),
  });
  return id ? schema.meta({ id }) : schema;
}

export type Page<T> = { items: T[]; page: number; per_page: number; total: number; has_more: boolean };

export function toPage<T>(items: T[], total: number, input: { page: number; per_page: number }): Page<T> {
  return { items, page: input.page, per_page: input.per_page, total, has_more: input.page * input.per_page < total };
}

export const offsetOf = (input: { page: number; per_page: number }) => (input.page - 1) * input.per_page;

export const isoWeek = z
  .string()
  .regex(/^\d{4}-W\d{2}$/, 'Use an ISO week like 2026-W47.')
  .meta({ description: 'ISO 8601 week (weeks start Monday 00:00 UTC).', example: '2026-W47' });

export const listingSummary = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    url: z.string().meta({ description: "The product's website." }),
    headline: z.string(),
    summary: z.string(),
    logo_url: z.string().nullable(),
    votes: z.number().int().meta({ description: 'All-time vote count.' }),
    categories: z.array(z.string()).meta({ description: 'Category names, primary first.' }),
    launch_week: z.string().nullable(),
    page_url: z.string().meta({ description: 'The listing page on this site.' }),
  })
  .meta({ id: 'ListingSummary' });
export type ListingSummary = z.infer<typeof listingSummary>;
