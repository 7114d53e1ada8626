// Shared pieces of operation schemas. Each field is described once; OpenAPI and MCP reuse the words.
import { z } from 'zod';

export const isoWeek = z
  .string()
  .regex(/^(19|20|21)\d{2}-W\d{2}$/, 'Use an ISO week like 2026-W47 (a year from 1900 to 2199).')
  .meta({ description: 'ISO 8601 week (weeks start Monday 00:00 UTC).', example: '2026-W47' });

/**
 * A yes/no input: a JSON boolean (MCP arguments), or in a query string `true`/`false` (also 1/0,
 * yes/no, on/off). A bare `z.coerce.boolean()` would read "false" as true.
 */
export const flag = z.union([z.boolean(), z.stringbool()], { error: 'Use true or false.' });
