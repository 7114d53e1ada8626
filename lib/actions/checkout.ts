'use server';
// The checkout page's actions (docs/decisions.md#checkout): billing details (re-price), Pay, cancel;
// and "Buy a paid launch" on the owner's listing page. Whoever holds the link's token may act on the
// order; so may the signed-in buyer. Each action checks that again.
import { rowIdOf } from '@/lib/input/ids';
import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { clientIp } from '@/lib/client-ip';
import { getDb } from '@/db/client';
import { getCurrentUser, requireUser } from '@/lib/auth/session';
import { AppError } from '@/lib/errors/app-error';
import { updateBilling } from '@/lib/orders/billing';
import { loadCheckout } from '@/lib/orders/checkout-access';
import { createCheckout } from '@/lib/orders/checkout';
import { applyPromoToOrder } from '@/lib/orders/order-promo';
import { cancelOrder } from '@/lib/orders/cancel';
import { startPayment } from '@/lib/orders/payment';
import { promoRefusalText, type PromoRefusal } from '@/lib/orders/promo';
import { usd } from '@/lib/orders/money';
import { isPayMethod } from '@/lib/payments/provider';
import { publicBaseUrl } from '@/lib/site/site';
import { formRefusal } from './form-check';
import { sessionContext } from './session-context';
import type { ActionState } from './state';
import { siteNow } from '@/lib/time/clock';

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
      siteNow(),
    );
    revalidatePath(`/checkout/${number}`);
    // No values: the form shows the details as saved (a VAT number typed "de 136 695 976" is saved as
    // DE136695976; shown as typed, it read "not saved yet" and Pay stayed shut).
    return { status: 'ok', message: 'Billing details saved; the order total is up to date.' };
  } catch (err) {
    const state = refusal(err, values);
    if (state.fieldErrors?.billing_country) state.fieldErrors.country = state.fieldErrors.billing_country;
    return state;
  }
}

export type PromoState = ActionState<{ promo_code: string }>;

/** A promo code typed on the checkout page re-prices the order (claimed at payment). */
export async function applyPromoAction(_prev: PromoState, fd: FormData): Promise<PromoState> {
  const bad = formRefusal(fd);
  if (bad) return bad;
  const values = { promo_code: str(fd, 'promo_code') };
  try {
    const { number } = await access(fd);
    const applied = await applyPromoToOrder(await getDb(), number, values.promo_code, {
      ip: clientIp(await headers()),
      now: siteNow(),
    });
    revalidatePath(`/checkout/${number}`);
    return {
      status: 'ok',
      message: `Promo code ${applied.code} takes ${usd(applied.discountCents)} off; the order total is up to date.`,
      values: { promo_code: '' },
    };
  } catch (err) {
    const state = refusal(err, values);
    // A refused code names itself in detail; the form shows it at the field.
    if (state.status === 'error') state.fieldErrors = { promo_code: state.message ?? '' };
    return state;
  }
}

export async function payAction(_prev: PayState, fd: FormData): Promise<PayState> {
  const bad = formRefusal(fd);
  if (bad) return bad;
  const method = str(fd, 'method');
  let target: string;
  try {
    // No method: a free order (startPayment asks for one when there is something to pay).
    if (method && !isPayMethod(method))
      return { status: 'error', fieldErrors: { method: 'Choose how to pay.' }, message: 'Choose how to pay.' };
    const { number, token, user, found } = await access(fd);
    const result = await startPayment(await getDb(), {
      number,
      method: isPayMethod(method) ? method : null,
      now: siteNow(),
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
    await cancelOrder(await getDb(), number, siteNow());
    path = pagePath(number, token);
  } catch (err) {
    return refusal(err);
  }
  redirect(path);
}

export type BuyLaunchState = ActionState<{ launch_week: string }>;

/** A checkout for one item of the caller's listing, answered with its checkout page's path. */
async function checkoutPathFor(rawId: FormDataEntryValue | null, item: { product: string; [option: string]: unknown }) {
  const listingId = rowIdOf(rawId);
  if (listingId === null) throw new AppError('not_found', 'This listing was not found.');
  const user = await requireUser(`/account/listings/${listingId}`);
  const order = await createCheckout(await sessionContext(user), { items: [{ ...item, listing_id: listingId }] });
  return new URL(order.checkout_url).pathname + new URL(order.checkout_url).search;
}

/** "Buy a paid launch" on the listing page: a checkout for this listing, then its checkout page. */
export async function buyLaunchAction(_prev: BuyLaunchState, fd: FormData): Promise<BuyLaunchState> {
  const bad = formRefusal(fd);
  if (bad) return bad;
  const week = str(fd, 'launch_week');
  let url: string;
  try {
    url = await checkoutPathFor(fd.get('listing_id'), {
      product: 'launch',
      ...(week && week !== 'now' ? { launch_week: week } : {}),
    });
  } catch (err) {
    const state = refusal(err, { launch_week: week });
    const weekError = state.fieldErrors?.['items.0.launch_week'] ?? state.fieldErrors?.['items.0.listing_id'];
    if (weekError) state.fieldErrors = { launch_week: weekError };
    return state;
  }
  redirect(url);
}

/** "Show them on my page" in the milestones section: a checkout for the section, then its page. */
export async function buyMilestonesAction(_prev: ActionState, fd: FormData): Promise<ActionState> {
  const bad = formRefusal(fd);
  if (bad) return bad;
  let url: string;
  try {
    url = await checkoutPathFor(fd.get('listing_id'), { product: 'unlock_milestones' });
  } catch (err) {
    return refusal(err, undefined);
  }
  redirect(url);
}

export type BuyFeaturedState = ActionState<{ weeks: string[]; categories: string[] }>;

/** "Feature it" on the listing page: the weeks and categories chosen, then the checkout page. */
export async function buyFeaturedAction(_prev: BuyFeaturedState, fd: FormData): Promise<BuyFeaturedState> {
  const bad = formRefusal(fd);
  if (bad) return bad;
  const values = { weeks: fd.getAll('weeks').map(String), categories: fd.getAll('categories').map(String) };
  let url: string;
  try {
    url = await checkoutPathFor(fd.get('listing_id'), { product: 'featured_week', ...values });
  } catch (err) {
    return fieldsOfItem(refusal(err, values), ['weeks', 'categories']);
  }
  redirect(url);
}

export type BuyBillboardState = ActionState<{ week: string; bid: string }>;

/** "Bid for the billboard" on the listing page: the week and the bid in dollars, then the checkout page. */
export async function buyBillboardAction(_prev: BuyBillboardState, fd: FormData): Promise<BuyBillboardState> {
  const bad = formRefusal(fd);
  if (bad) return bad;
  const values = { week: str(fd, 'week'), bid: str(fd, 'bid').trim() };
  // Read as text, not as a float: 256.29 × 100 is 25629.000000000004 in binary.
  const amount = /^\$?(\d{1,9})(?:\.(\d{1,2}))?$/.exec(values.bid.replace(/,/g, ''));
  if (!amount)
    return { status: 'error', values, fieldErrors: { bid: 'Enter your bid in dollars, e.g. 250 or 249.50.' } };
  let url: string;
  try {
    url = await checkoutPathFor(fd.get('listing_id'), {
      product: 'billboard',
      week: values.week,
      bid_cents: Number(amount[1]) * 100 + Number((amount[2] ?? '').padEnd(2, '0')),
    });
  } catch (err) {
    const state = fieldsOfItem(refusal(err, values), ['week']);
    const bidError = state.fieldErrors?.['items.0.bid_cents'];
    if (bidError)
      state.fieldErrors = { ...state.fieldErrors, bid: bidError.replace(/(\d+) cents/g, (_, c) => usd(Number(c))) };
    return state;
  }
  redirect(url);
}

/** The refusal's `items.0.<name>` (and `items.0.<name>.<i>`) errors under the form's own input names. */
function fieldsOfItem<V>(state: ActionState<V>, names: string[]): ActionState<V> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(state.fieldErrors ?? {})) {
    const name = names.find((n) => path === `items.0.${n}` || path.startsWith(`items.0.${n}.`));
    errors[name ?? path] = message;
  }
  return { ...state, fieldErrors: errors };
}
