'use server';
// The launch forms on the owner's listing page ("Launch for free", "Check now") and the site team's
// launch queue (move a launch, change the free queue's settings). Same domain functions as the API.
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { rowIdText } from '@/lib/input/ids';
import { requireAdmin } from '@/lib/auth/admin';
import { requireUser } from '@/lib/auth/session';
import { AppError } from '@/lib/errors/app-error';
import { moveLaunch } from '@/lib/launches/admin';
import { chooseFreeListing } from '@/lib/launches/choose-free';
import { setLaunchSettings, SLOTS_RANGE, LEAD_RANGE } from '@/lib/launches/settings';
import { limitBadgeChecks, runBadgeCheck } from '@/lib/launches/verify';
import { BADGE_RESULT_TEXT, isFound, type BadgeResult } from '@/lib/launches/badge-check';
import { loadOwnListing } from '@/lib/owner-listings/access';
import { formatWeekName } from '@/lib/directory/format';
import type { ActionState } from './state';
import { flashNotice } from './flash-notice';
import { LAUNCHES_NOTICE_COOKIE } from '@/lib/admin/page-notices';
import { formRefusal } from './form-check';
import { sessionContext } from './session-context';
import { plainMessage } from '@/lib/errors/zod-messages';

export type LaunchActionState = ActionState;

const idOf = (form: FormData, name = 'listing_id') => {
  const id = Number(form.get(name));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

function refusal(err: unknown, what: string): LaunchActionState {
  if (err instanceof AppError) return { status: 'error', message: err.message };
  console.error(`[launches] ${what} failed:`, err);
  return { status: 'error', message: `Something went wrong while ${what}. Please try again.` };
}

/** "Launch for free": the free plan and a launch week (the page then shows the week and the gates). */
export async function chooseFreeAction(_prev: LaunchActionState, form: FormData): Promise<LaunchActionState> {
  const bad = formRefusal(form);
  if (bad) return bad;
  const id = idOf(form);
  const page = `/account/listings/${id ?? ''}`;
  const user = await requireUser(page);
  if (!id) return { status: 'error', message: 'Listing not found.' };
  try {
    const chosen = await chooseFreeListing(await sessionContext(user), id);
    revalidatePath(page);
    return {
      status: 'ok',
      message: `Free launch reserved for ${formatWeekName(chosen.launch.week!)}: place ${chosen.launch.queue_place} in that week's queue.`,
    };
  } catch (err) {
    return refusal(err, 'reserving the launch');
  }
}

/** "Check now": reads the owner's site for the badge (rate-limited like verify_badge). */
export async function checkBadgeAction(_prev: LaunchActionState, form: FormData): Promise<LaunchActionState> {
  const bad = formRefusal(form);
  if (bad) return bad;
  const id = idOf(form);
  const page = `/account/listings/${id ?? ''}`;
  const user = await requireUser(page);
  if (!id) return { status: 'error', message: 'Listing not found.' };
  try {
    const ctx = await sessionContext(user);
    await loadOwnListing(ctx.db, user.id, id);
    await limitBadgeChecks(ctx.db, user.id, id, ctx.now);
    const { row, check } = await runBadgeCheck(ctx.db, ctx, id);
    revalidatePath(page);
    const saw = BADGE_RESULT_TEXT[check.result as BadgeResult];
    const scheduled = row.status === 'scheduled' ? ' Your launch is scheduled.' : '';
    return isFound(check.result)
      ? { status: 'ok', message: `Badge found. ${saw}${scheduled}` }
      : { status: 'error', message: `Badge not found. ${saw}` };
  } catch (err) {
    return refusal(err, 'checking your site');
  }
}

const moveSchema = z.object({
  listing_id: rowIdText(),
  week: z.string().regex(/^\d{4}-W\d{2}$/, 'Choose a week.'),
});

/** The site team moves a launch to another week. */
export async function moveLaunchAction(_prev: LaunchActionState, form: FormData): Promise<LaunchActionState> {
  const bad = formRefusal(form);
  if (bad) return bad;
  const admin = await requireAdmin();
  const parsed = moveSchema.safeParse({ listing_id: form.get('listing_id'), week: form.get('week') });
  if (!parsed.success) return { status: 'error', message: parsed.error.issues[0]?.message ?? 'Invalid move.' };
  try {
    const ctx = await sessionContext(admin);
    const moved = await moveLaunch(ctx.db, ctx, parsed.data.listing_id, parsed.data.week, {
      paidConfirmed: form.get('confirm_paid') === '1',
    });
    const over = moved.overCapacity;
    const message = `${moved.name} moved to ${formatWeekName(parsed.data.week)}.${over ? ` That week now holds ${over.fill} ${over.plan} launches for ${over.slots} slots (over capacity).` : ''}`;
    // The row leaves its week's table, and the form its message: the page's top says it.
    await flashNotice(LAUNCHES_NOTICE_COOKIE, '/admin/launches', message);
    revalidatePath('/admin/launches');
    return { status: 'ok', message };
  } catch (err) {
    return refusal(err, 'moving the launch');
  }
}

const settingsSchema = z.object({
  freeSlotsPerWeek: z.coerce
    .number()
    .int('Use a whole number.')
    .min(SLOTS_RANGE.min, `At least ${SLOTS_RANGE.min}.`)
    .max(SLOTS_RANGE.max, `At most ${SLOTS_RANGE.max}.`),
  freeLeadWeeks: z.coerce
    .number()
    .int('Use a whole number.')
    .min(LEAD_RANGE.min, `At least ${LEAD_RANGE.min}.`)
    .max(LEAD_RANGE.max, `At most ${LEAD_RANGE.max}.`),
});

export type SettingsState = ActionState<{ freeSlotsPerWeek: string; freeLeadWeeks: string }>;

/** The site team changes FREE_SLOTS_PER_WEEK and FREE_LEAD_WEEKS (stored; the env stays the default). */
export async function saveLaunchSettingsAction(_prev: SettingsState, form: FormData): Promise<SettingsState> {
  const bad = formRefusal(form);
  if (bad) return bad;
  const admin = await requireAdmin();
  const values = {
    freeSlotsPerWeek: String(form.get('free_slots_per_week') ?? ''),
    freeLeadWeeks: String(form.get('free_lead_weeks') ?? ''),
  };
  const parsed = settingsSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'freeSlotsPerWeek' ? 'free_slots_per_week' : 'free_lead_weeks';
      fieldErrors[field] ??= plainMessage(issue);
    }
    return { status: 'error', message: 'Check the highlighted settings.', fieldErrors, values };
  }
  try {
    const ctx = await sessionContext(admin);
    await setLaunchSettings(ctx.db, ctx.site.id, parsed.data, admin.id, ctx.now);
    revalidatePath('/admin/launches');
    return {
      status: 'ok',
      message: `Saved: ${parsed.data.freeSlotsPerWeek} free launches a week, at least ${parsed.data.freeLeadWeeks} weeks ahead.`,
      values,
    };
  } catch (err) {
    return refusal(err, 'saving the settings');
  }
}
