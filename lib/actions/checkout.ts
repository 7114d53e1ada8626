'use server';
// The checkout page's actions (docs/decisions.md#checkout): billing details (re-price), Pay, cancel;
// and "Buy a paid launch" on the owner's listing page. Whoever holds the link's token may act on the
// order; so may the signed-in buyer. Each action checks that again.
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import { getCurrentUser, requireUser } from '@/lib/auth/session';
import { AppError } from '@/lib/errors/app-error';
import { updateBilling } from '@/lib/orders/billing';
import { loadCheckout } from '@/lib/orders/checkout-access';
import { createCheckout } from '@/lib/orders/checkout';
import { cancelOrder, startPayment } from '@/lib/orders/payment';
import { promoRefusalText, type PromoRefusal } from '@/lib/orders/promo';
import { usd } from '@/lib/orders/money';
import { isPayMethod } from '@/lib/payments/provider';
import { publicBaseUrl } from '@/lib/site/site';
import { formRefusal } from './form-check';
import { sessionContext } from './session-context';
import type { ActionState } from './state';

export type BillingValues = { country: string; vat_number: string; name: string; address: string };
export type BillingState = ActionState<BillingValues>;
export type PayState = ActionState<{ method: string }>;

const str = (fd: FormData, k: string) => String(fd.get(k) ?? '');

async function access(fd: FormData) {
  const number = str(fd, 'number');
  const token = str(fd, 't') || null;
  const user = await getCurrentUser();
  const found = await loadCheckout(await getDb(), number, token, user?.id ?? null);
  if (!found) throw new AppError('not_found', 'This checkout link is not valid.');
  return { number, token, user, found };
}

const pagePath = (number: string, token: string | null) =>
  `/checkout/${number}${token ? `?t=${encodeURIComponent(token)}` : ''}`;

function refusal<V>(err: unknown, values?: V): ActionState<V> {
  if (err instanceof AppError) {
    const fieldErrors = Object.fromEntries((err.errors ?? []).map((e) => [e.path, e.message]));
    return { status: 'error', message: err.message, fieldErrors, values };
  }
  console.error('[checkout] action failed:', err);
  return { status: 'error', message: 'Something went wrong on our side. Please try again.', values };
}

export async function updateBillingAction(_prev: BillingState, fd: FormData): Promise<BillingState> {
  const bad = formRefusal(fd);
  if (bad) return bad;
  const values = {
    country: str(fd, 'country'),
    vat_number: str(fd, 'vat_number'),
    name: str(fd, 'name'),
    address: str(fd, 'address'),
  };
  try {
    const { number } = await access(fd);
    await updateBilling(
      await getDb(),
      number,
      { country: values.country, vatNumber: values.vat_number, name: values.name, address: values.address },
      new Date(),
    );
    revalidatePath(`/checkout/${number}`);
    return { status: 'ok', message: 'Billing details saved; the total below is up to date.', values };
  } catch (err) {
    const state = refusal(err, values);
    if (state.fieldErrors?.billing_country) state.fieldErrors.country = state.fieldErrors.billing_country;
    return state;
  }
}

export async function payAction(_prev: PayState, fd: FormData): Promise<PayState> {
  const bad = formRefusal(fd);
  if (bad) return bad;
  const method = str(fd, 'method');
  let target: string;
  try {
    if (!isPayMethod(method))
      return { status: 'error', fieldErrors: { method: 'Choose how to pay.' }, message: 'Choose how to pay.' };
    const { number, token, user, found } = await access(fd);
    const result = await startPayment(await getDb(), {
      number,
      method,
      now: new Date(),
      baseUrl: publicBaseUrl(),
      token,
    });
    if (result.outcome === 'repriced') {
      revalidatePath(`/checkout/${number}`);
      const found2 = await loadCheckout(await getDb(), number, token, user?.id ?? null);
      return {
        status: 'error',
        message: `${promoRefusalText(result.reason as PromoRefusal)} The code was taken off: the total is now ${usd(found2?.order.totalCents ?? 0)}. Pay it, or cancel the order.`,
        values: { method },
      };
    }
    target =
      result.outcome === 'redirect'
        ? result.url
        : user && found.order.ownerId === user.id
          ? `/account/orders/${number}?paid=1`
          : `${pagePath(number, token)}${token ? '&' : '?'}paid=1`;
  } catch (err) {
    return refusal(err, { method });
  }
  redirect(target);
}

export async function cancelOrderAction(_prev: ActionState, fd: FormData): Promise<ActionState> {
  let path: string;
  try {
    const { number, token } = await access(fd);
    await cancelOrder(await getDb(), number, new Date());
    path = pagePath(number, token);
  } catch (err) {
    return refusal(err);
  }
  redirect(path);
}

export type BuyLaunchState = ActionState<{ launch_week: string }>;

/** "Buy a paid launch" on the listing page: a checkout for this listing, then its checkout page. */
export async function buyLaunchAction(_prev: BuyLaunchState, fd: FormData): Promise<BuyLaunchState> {
  const bad = formRefusal(fd);
  if (bad) return bad;
  const listingId = Number(str(fd, 'listing_id'));
  const week = str(fd, 'launch_week');
  const user = await requireUser(`/account/listings/${listingId}`);
  let url: string;
  try {
    const ctx = await sessionContext(user);
    const order = await createCheckout(ctx, {
      items: [{ product: 'launch', listing_id: listingId, ...(week && week !== 'now' ? { launch_week: week } : {}) }],
    });
    url = new URL(order.checkout_url).pathname + new URL(order.checkout_url).search;
  } catch (err) {
    const state = refusal(err, { launch_week: week });
    const weekError = state.fieldErrors?.['items.0.launch_week'] ?? state.fieldErrors?.['items.0.listing_id'];
    if (weekError) state.fieldErrors = { launch_week: weekError };
    return state;
  }
  redirect(url);
}
