// Page-numbered lists: the input fields, the output shape and the offset, shared by every list.
import { z } from 'zod';

export const paginationInput = {
  page: z.coerce.number().int().min(1).default(1).meta({ description: 'Page number, 1-based.', example: 1 }),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(20)
    .meta({ description: 'Items per page (at most 100).', example: 20 }),
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
