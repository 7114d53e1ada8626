import { z } from 'zod';

/** A milestone's day: one rule for the listing's milestones and a draft's (update_draft). */
export const milestoneDate = z.iso
  .date('Use a real date as YYYY-MM-DD.')
  .refine((d) => d >= '1900-01-01' && d <= '2100-12-31', 'Use a date between 1900 and 2100.')
  .meta({
    description: 'The day it happened, YYYY-MM-DD (a real calendar date, 1900 to 2100).',
    example: '2026-03-01',
  });
