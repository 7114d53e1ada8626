// The free queue's two numbers (docs/decisions.md#launches): slots per week and lead weeks. The site
// team changes them from /admin/launches (site_settings); the environment gives the defaults.
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '@/db/client';
import { siteSettings } from '@/db/schema';

export const SETTING_KEYS = { slots: 'free_slots_per_week', lead: 'free_lead_weeks' } as const;
export const SLOTS_RANGE = { min: 1, max: 1000 } as const;
export const LEAD_RANGE = { min: 0, max: 52 } as const;

export type LaunchSettings = { freeSlotsPerWeek: number; freeLeadWeeks: number };

const slotsSchema = z.number().int().min(SLOTS_RANGE.min).max(SLOTS_RANGE.max);
const leadSchema = z.number().int().min(LEAD_RANGE.min).max(LEAD_RANGE.max);

function fromEnv(value: string | undefined, schema: z.ZodNumber, fallback: number): number {
  const parsed = schema.safeParse(value === undefined || value === '' ? fallback : Number(value));
  return parsed.success ? parsed.data : fallback;
}

/** FREE_SLOTS_PER_WEEK (20) and FREE_LEAD_WEEKS (4), the defaults until the site team sets its own. */
export function envLaunchSettings(env: Record<string, string | undefined> = process.env): LaunchSettings {
  return {
    freeSlotsPerWeek: fromEnv(env.FREE_SLOTS_PER_WEEK, slotsSchema, 20),
    freeLeadWeeks: fromEnv(env.FREE_LEAD_WEEKS, leadSchema, 4),
  };
}

export async function getLaunchSettings(db: DbOrTx, siteId: number): Promise<LaunchSettings & { stored: string[] }> {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(and(eq(siteSettings.siteId, siteId), inArray(siteSettings.key, Object.values(SETTING_KEYS))));
  const out = { ...envLaunchSettings(), stored: [] as string[] };
  for (const row of rows) {
    if (row.key === SETTING_KEYS.slots && slotsSchema.safeParse(row.value).success) {
      out.freeSlotsPerWeek = row.value as number;
      out.stored.push(row.key);
    }
    if (row.key === SETTING_KEYS.lead && leadSchema.safeParse(row.value).success) {
      out.freeLeadWeeks = row.value as number;
      out.stored.push(row.key);
    }
  }
  return out;
}

export const launchSettingsInput = z.object({
  freeSlotsPerWeek: slotsSchema,
  freeLeadWeeks: leadSchema,
});

/** Stores both settings (the site team's form sends both). */
export async function setLaunchSettings(
  db: DbOrTx,
  siteId: number,
  settings: LaunchSettings,
  userId: string | null,
  now: Date,
): Promise<void> {
  const value = launchSettingsInput.parse(settings);
  for (const [key, v] of [
    [SETTING_KEYS.slots, value.freeSlotsPerWeek],
    [SETTING_KEYS.lead, value.freeLeadWeeks],
  ] as const) {
    await db
      .insert(siteSettings)
      .values({ siteId, key, value: v, updatedBy: userId, updatedAt: now })
      .onConflictDoUpdate({
        target: [siteSettings.siteId, siteSettings.key],
        set: { value: v, updatedBy: userId, updatedAt: now },
      });
  }
}
