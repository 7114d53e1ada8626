'use server';
// The site team's actions on products, promo codes and orders. Each checks the admin role first
// (requireAdmin: everyone else gets the 404 page).
import { revalidatePath } from 'next/cache';
import { getDb } from '@/db/client';
import { requireAdmin } from '@/lib/auth/admin';
import { AppError } from '@/lib/errors/app-error';
import { createPromoCode, setPromoActive, updateProduct } from '@/lib/orders/admin';
import { fulfilOrder } from '@/lib/orders/payment';
import { refundOrder } from '@/lib/orders/refund';
import { formRefusal } from './form-check';
import type { ActionState } from './state';
import { siteNow } from '@/lib/time/clock';

const str = (fd: FormData, k: string) => String(fd.get(k) ?? '').trim();
const intOrNull = (v: string) => (v === '' ? null : Number(v));

function refusal(err: unknown): ActionState {
  if (err instanceof AppError) {
    const fieldErrors = Object.fromEntries((err.errors ?? []).map((e) => [e.path, e.message]));
    return { status: 'error', message: err.message, fieldErrors };
  }
  console.error('[admin] action failed:', err);
  return { status: 'error', message: 'Something went wrong on our side. Please try again.' };
}

export async function updateProductAction(_prev: ActionState, fd: FormData): Promise<ActionState> {
  const bad = formRefusal(fd);
  if (bad) return bad;
  const admin = await requireAdmin();
  try {
    const limits: Record<string, { min?: number; max?: number }> = {};
    for (const [k, v] of fd.entries()) {
      const m = /^limit:(.+):(min|max)$/.exec(k);
      if (m && String(v).trim() !== '') (limits[m[1]] ??= {})[m[2] as 'min' | 'max'] = Number(v);
    }
    await updateProduct(
      await getDb(),
      admin.id,
      Number(str(fd, 'product_id')),
      {
        priceCents: Number(str(fd, 'price_cents')),
        active: fd.get('active') === 'on',
        weekCapacity: intOrNull(str(fd, 'week_capacity')),
        limits,
      },
      siteNow(),
    );
    revalidatePath('/admin/products');
    return { status: 'ok', message: 'Saved; the change is in the history below.' };
  } catch (err) {
    return refusal(err);
  }
}

export async function createPromoAction(_prev: ActionState, fd: FormData): Promise<ActionState> {
  const bad = formRefusal(fd);
  if (bad) return bad;
  const admin = await requireAdmin();
  try {
    const kind = str(fd, 'kind') === 'amount' ? 'amount' : 'percent';
    const raw = Number(str(fd, 'value'));
    const date = (k: string) => (str(fd, k) ? new Date(`${str(fd, k)}T00:00:00Z`) : null);
    await createPromoCode(await getDb(), admin.id, {
      code: str(fd, 'code'),
      kind,
      // Percent is typed as a percentage and kept in basis points; an amount in cents.
      value: kind === 'percent' ? Math.round(raw * 100) : raw,
      productKeys: fd.getAll('product_keys').map(String),
      startsAt: date('starts_at'),
      // The last day is included: the code ends when the next day starts (it ended as the day began).
      endsAt: date('ends_at') && new Date(date('ends_at')!.getTime() + 24 * 60 * 60_000),
      maxRedemptions: intOrNull(str(fd, 'max_redemptions')),
      oncePerAccount: fd.get('once_per_account') === 'on',
    });
    revalidatePath('/admin/promo-codes');
    return { status: 'ok', message: 'Promo code created.' };
  } catch (err) {
    return refusal(err);
  }
}

export async function togglePromoAction(_prev: ActionState, fd: FormData): Promise<ActionState> {
  await requireAdmin();
  await setPromoActive(await getDb(), Number(str(fd, 'id')), str(fd, 'active') === '1', siteNow());
  revalidatePath('/admin/promo-codes');
  return { status: 'ok', message: 'Saved.' };
}

export async function refundOrderAction(_prev: ActionState, fd: FormData): Promise<ActionState> {
  const admin = await requireAdmin();
  try {
    await refundOrder(await getDb(), { number: str(fd, 'number'), actorId: admin.id, now: siteNow() });
    revalidatePath('/admin/orders');
    return { status: 'ok', message: 'Refunded through the payment provider.' };
  } catch (err) {
    return refusal(err);
  }
}

export async function retryFulfilmentAction(_prev: ActionState, fd: FormData): Promise<ActionState> {
  await requireAdmin();
  try {
    await fulfilOrder(await getDb(), str(fd, 'number'), siteNow());
    revalidatePath('/admin/orders');
    return { status: 'ok', message: 'Lines not yet delivered were run again.' };
  } catch (err) {
    return refusal(err);
  }
}
