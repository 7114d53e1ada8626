// Order items checked against the products the site team sells (docs/decisions.md#checkout): every
// option validated against the product's option definitions (the ones list_products publishes),
// money minimums read from the product's current price, paid-launch week capacity, and the listing
// a needs_listing product is bought for (the caller's own: 404 otherwise; in a state that fits: 409).
// Each refusal is a 422 (or 404/409) naming items.<i>.<option>.
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import {
  categories,
  orderLines,
  orders,
  products,
  LISTING_PLAN,
  LISTING_STATUS,
  type ProductOption,
} from '@/db/schema';
import { AppError, fieldError, type FieldError } from '@/lib/errors/app-error';
import { loadOwnListing, type ListingRow } from '@/lib/owner-listings/access';
import { isoWeekOf, weekStart, addWeeks } from '@/lib/time/iso-week';
import { formatWeekName } from '@/lib/directory/format';
import { highestBids } from './billboard-standing';
import { refuseAlreadyHeld, refuseTwiceInOrder } from './bought-twice';
import { fulfilments } from './fulfil';
import { usd } from './money';

export type ProductRow = typeof products.$inferSelect;

/** An order item as sent: the product key, the listing, and the product's options side by side. */
export type OrderItemInput = { product: string; listing_id?: number; [option: string]: unknown };

/** A checked item, priced at the product's current price. */
export type PricedLine = {
  product: ProductRow;
  listing: Pick<ListingRow, 'id' | 'name' | 'slug' | 'status' | 'plan'> | null;
  options: Record<string, unknown>;
  quantity: number;
  unitCents: number;
  amountCents: number;
  description: string;
  capacityWeek: string | null;
};

/**
 * The most one order may come to before VAT: $1,000,000. A bid above it is refused (the order's money
 * columns are PostgreSQL integers, at most about $21 million with VAT).
 */
export const MAX_ORDER_CENTS = 100_000_000;

/** How far ahead a week may be bought (ORDERS_WEEK_HORIZON, default 26 weeks). */
export const weekHorizon = () => Number(process.env.ORDERS_WEEK_HORIZON) || 26;

const RESERVED = new Set(['product', 'listing_id']);

/** A 422 naming fields (validation_failed with its errors), as opposed to a 404 or a 409. */
const isRefusal = (err: unknown): err is AppError & { errors: FieldError[] } =>
  err instanceof AppError && err.code === 'validation_failed' && Boolean(err.errors?.length);

/** Refuses with every error found, so that a form or a client fixes them all in one go. */
function refuseAll(errors: FieldError[]): void {
  if (errors.length === 1) throw fieldError(errors[0].path, errors[0].message);
  if (errors.length > 1) throw new AppError('validation_failed', 'Some options need a change.', { errors });
}

/** Runs `check`, adding its field errors to `errors` (anything else is thrown); undefined when it refused. */
async function collecting<T>(errors: FieldError[], check: () => T | Promise<T>): Promise<T | undefined> {
  try {
    return await check();
  } catch (err) {
    if (!isRefusal(err)) throw err;
    errors.push(...err.errors);
    return undefined;
  }
}

function checkWeek(value: unknown, path: string, now: Date): string {
  if (typeof value !== 'string' || !weekStart(value)) throw fieldError(path, 'Use an ISO week like 2026-W51.');
  const start = weekStart(value)!;
  if (start.getTime() <= now.getTime())
    throw fieldError(path, `${value} has already started; choose a week after ${isoWeekOf(now)}.`);
  const last = addWeeks(isoWeekOf(now), weekHorizon());
  if (value > last) throw fieldError(path, `${value} is too far ahead; choose a week up to ${last}.`);
  return value;
}

function checkList(value: unknown, path: string, def: ProductOption): unknown[] {
  if (!Array.isArray(value)) throw fieldError(path, 'Must be a list.');
  // An item buys one per entry (weeks × categories): an empty list would be an order of nothing.
  const min = Math.max(1, def.min ?? 1);
  if (value.length < min) throw fieldError(path, `Choose at least ${min}.`);
  if (def.max !== undefined && value.length > def.max) throw fieldError(path, `Choose at most ${def.max}.`);
  const keys = value.map((v) => JSON.stringify(v));
  const again = keys.findIndex((k, j) => keys.indexOf(k) !== j);
  if (again >= 0) throw fieldError(`${path}.${again}`, 'Each entry may appear once.');
  return value;
}

async function checkOption(
  db: DbOrTx,
  def: ProductOption,
  value: unknown,
  path: string,
  product: ProductRow,
  now: Date,
): Promise<unknown> {
  switch (def.type) {
    case 'iso_week':
      return checkWeek(value, path, now);
    case 'iso_week_list': {
      const errors: FieldError[] = [];
      const weeks = await Promise.all(
        checkList(value, path, def).map((w, j) => collecting(errors, () => checkWeek(w, `${path}.${j}`, now))),
      );
      refuseAll(errors);
      return (weeks as string[]).sort();
    }
    case 'category_list': {
      // Slugs (list_categories), or names in any case as update_my_listing takes them; slugs are kept.
      const typed = checkList(value, path, def);
      const all = await db.select({ slug: categories.slug, name: categories.name }).from(categories);
      const errors: FieldError[] = [];
      const slugs = await Promise.all(
        typed.map((t, j) =>
          collecting(errors, () => {
            if (typeof t !== 'string') throw fieldError(`${path}.${j}`, 'Use a category slug (see list_categories).');
            const key = t.trim().toLowerCase();
            const hit = all.find((c) => c.slug === key || c.name.toLowerCase() === key);
            if (!hit) throw fieldError(`${path}.${j}`, `No category "${t}" (see list_categories).`);
            return hit.slug;
          }),
        ),
      );
      refuseAll(errors);
      const again = slugs.findIndex((slug, j) => slugs.indexOf(slug) !== j);
      if (again >= 0) throw fieldError(`${path}.${again}`, 'Each entry may appear once.');
      return slugs as string[];
    }
    case 'integer_cents': {
      // The minimum is the product's current price, never a figure repeated in the option data.
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw fieldError(path, 'Use whole USD cents.');
      if (value < product.priceCents)
        throw fieldError(path, `At least ${product.priceCents} cents (the current price of ${product.name}).`);
      const max = Math.min(def.max ?? MAX_ORDER_CENTS, MAX_ORDER_CENTS);
      if (value > max) throw fieldError(path, `At most ${max} cents (${usd(max)}).`);
      return value;
    }
    case 'string':
      if (typeof value !== 'string' || !value.trim()) throw fieldError(path, 'Must be a non-empty string.');
      if (value.length > (def.max ?? 200)) throw fieldError(path, `At most ${def.max ?? 200} characters.`);
      return value.trim();
  }
}

/** Paid launches held for a week: lines of paid orders and of pending orders not expired yet. */
export async function weekTaken(db: DbOrTx, productKey: string, week: string, now: Date, exceptOrderId?: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.productKey, productKey),
        eq(orderLines.capacityWeek, week),
        or(eq(orders.status, 'paid'), and(eq(orders.status, 'pending'), gt(orders.expiresAt, now))),
        exceptOrderId ? sql`${orders.id} <> ${exceptOrderId}` : undefined,
      ),
    );
  return row.n;
}

/**
 * The listing states each product fits (409 listing_state otherwise). Asked by the quote and the
 * checkout, and again by the Pay button (the listing may have moved on since).
 */
export function checkListingFits(product: Pick<ProductRow, 'key'>, listing: ListingRow, path: string, siteId: number) {
  const refuse = (why: string) =>
    new AppError('listing_state', why, { errors: [{ path, message: why }], extra: { listing_status: listing.status } });
  // A listing of another site is launched and promoted there (one database can serve several sites).
  if (listing.siteId !== siteId) throw refuse('The listing belongs to another site; buy for it on that site.');
  if (listing.status === LISTING_STATUS.rejected || listing.status === LISTING_STATUS.archived)
    throw refuse(`The listing is ${listing.status}; it cannot be bought for.`);
  if (product.key === 'launch') {
    if (listing.plan === LISTING_PLAN.paid) throw refuse('The listing already has a paid launch.');
    if (listing.status === LISTING_STATUS.live) throw refuse('The listing is already live.');
  }
  if (product.key === 'unlock_milestones') {
    if (listing.plan === LISTING_PLAN.paid) throw refuse('Paid launches show milestones already.');
    if (listing.unlockedSections.includes('milestones')) throw refuse('The milestones section is unlocked already.');
  }
  if (product.key === 'billboard' && listing.status !== LISTING_STATUS.live)
    throw refuse('The billboard shows live listings; launch the listing first.');
  if (product.key === 'featured_week' && listing.status === LISTING_STATUS.draft)
    throw refuse('Choose a launch for the listing first; a draft cannot be featured.');
}

async function categoryNames(db: DbOrTx, slugs: string[]): Promise<string[]> {
  const rows = await db
    .select({ slug: categories.slug, name: categories.name })
    .from(categories)
    .where(inArray(categories.slug, slugs));
  return slugs.map((slug) => rows.find((r) => r.slug === slug)?.name ?? slug);
}

/** A line's words, as receipts and the checkout page print them (categories by name, not slug). */
async function describe(
  db: DbOrTx,
  product: ProductRow,
  listing: PricedLine['listing'],
  options: Record<string, unknown>,
): Promise<string> {
  const parts = [product.name];
  if (listing) parts.push(`for ${listing.name}`);
  for (const [k, v] of Object.entries(options)) {
    const def = product.options.find((o) => o.name === k);
    // Weeks read as the rest of the site names them ("Week 50, 2026"), not as ISO codes.
    const entries =
      def?.type === 'category_list'
        ? await categoryNames(db, v as string[])
        : def?.type === 'iso_week_list'
          ? (v as string[]).map(formatWeekName)
          : def?.type === 'iso_week'
            ? formatWeekName(v as string)
            : v;
    const shown = Array.isArray(entries)
      ? entries.join(', ')
      : def?.type === 'integer_cents'
        ? usd(v as number)
        : String(v);
    parts.push(`${k.replace(/_cents$/, '').replace(/_/g, ' ')}: ${shown}`);
  }
  return parts.join(' · ');
}

/** One item checked and priced (`i`: its place in the order, for the paths its refusals name). */
async function priceItem(
  db: DbOrTx,
  input: { userId: string; siteId: number; items: OrderItemInput[]; now: Date; exceptOrderId?: number },
  item: OrderItemInput,
  i: number,
  byKey: Map<string, ProductRow>,
  perWeek: Map<string, number>,
): Promise<PricedLine> {
  const at = `items.${i}`;
  const product = byKey.get(item.product);
  if (!product || !fulfilments[product.key])
    throw fieldError(`${at}.product`, `No product "${item.product}" is for sale (see list_products).`);
  if (product.key === 'billboard' && input.items.length > 1)
    throw fieldError(`${at}.product`, 'A billboard bid is an order of its own (a losing bid is refunded whole).');
  let listing: ListingRow | null = null;
  if (product.needsListing) {
    if (item.listing_id === undefined)
      throw fieldError(`${at}.listing_id`, `${product.name} is bought for one of your listings: give listing_id.`);
    listing = await loadOwnListing(db, input.userId, item.listing_id);
  } else if (item.listing_id !== undefined) {
    throw fieldError(`${at}.listing_id`, `${product.name} is not bought for a listing.`);
  }
  const defs = new Map(product.options.map((o) => [o.name, o]));
  // An item's unknown options and its options' refusals are named together.
  const refused: FieldError[] = [];
  const unknown = Object.keys(item).filter((k) => !RESERVED.has(k) && !defs.has(k));
  for (const name of unknown)
    refused.push({ path: `${at}.${name}`, message: `${product.name} has no option "${name}".` });
  const options: Record<string, unknown> = {};
  let quantity = 1;
  let unitCents = product.priceCents;
  for (const def of product.options) {
    const value = item[def.name];
    if (value === undefined || value === null) {
      if (def.required) refused.push({ path: `${at}.${def.name}`, message: `Required: ${def.description}` });
      continue;
    }
    const checked = await collecting(refused, () =>
      checkOption(db, def, value, `${at}.${def.name}`, product, input.now),
    );
    if (checked === undefined) continue;
    options[def.name] = checked;
    if (Array.isArray(checked)) quantity *= checked.length;
    if (def.type === 'integer_cents') unitCents = checked as number;
  }
  refuseAll(refused);
  // The input first (a 422 names what to change), then whether the listing can have it (a 409): an
  // agent told to launch the listing first learned only afterwards that its bid was not a number.
  if (listing) checkListingFits(product, listing, `${at}.listing_id`, input.siteId);
  // The week a line is for (paid launches count it against the week's capacity; bids compete in it).
  const weekDef = product.options.find((o) => o.type === 'iso_week');
  const capacityWeek = weekDef ? ((options[weekDef.name] as string | undefined) ?? null) : null;
  if (product.weekCapacity !== null) {
    if (capacityWeek) {
      const mine = (perWeek.get(`${product.key}:${capacityWeek}`) ?? 0) + 1;
      perWeek.set(`${product.key}:${capacityWeek}`, mine);
      const taken = await weekTaken(db, product.key, capacityWeek, input.now, input.exceptOrderId);
      if (taken + mine > product.weekCapacity)
        throw fieldError(`${at}.${weekDef!.name}`, `${capacityWeek} is full for ${product.name}; choose another week.`);
    }
  }
  if (product.key === 'billboard' && capacityWeek) await refuseNonLeadingBid(db, product, capacityWeek, unitCents, at);
  const view = listing && {
    id: listing.id,
    name: listing.name,
    slug: listing.slug,
    status: listing.status,
    plan: listing.plan,
  };
  return {
    product,
    listing: view,
    options,
    quantity,
    unitCents,
    amountCents: unitCents * quantity,
    description: await describe(db, product, view, options),
    capacityWeek,
  };
}

/**
 * Checks the items and prices them at the products' current prices. A list option multiplies the
 * quantity (weeks × categories); an integer_cents option (a bid) is the unit price.
 */
export async function priceItems(
  db: DbOrTx,
  input: { userId: string; siteId: number; items: OrderItemInput[]; now: Date; exceptOrderId?: number },
): Promise<PricedLine[]> {
  const keys = [...new Set(input.items.map((i) => i.product))];
  const rows = keys.length
    ? await db
        .select()
        .from(products)
        .where(and(inArray(products.key, keys), eq(products.active, true)))
    : [];
  const byKey = new Map(rows.map((p) => [p.key, p]));
  const lines: PricedLine[] = [];
  const perWeek = new Map<string, number>();
  // Every item and option is checked before refusing: a 422 names all that needs a change.
  const refused: FieldError[] = [];
  for (const [i, item] of input.items.entries()) {
    const line = await collecting(refused, () => priceItem(db, input, item, i, byKey, perWeek));
    if (line) lines.push(line);
  }
  refuseAll(refused);
  const bought = lines.map((l) => ({
    productKey: l.product.key,
    listingId: l.listing?.id ?? null,
    options: l.options,
  }));
  refuseTwiceInOrder(bought);
  await refuseAlreadyHeld(db, bought, { now: input.now, exceptOrderId: input.exceptOrderId, pending: true });
  const subtotal = lines.reduce((sum, l) => sum + l.amountCents, 0);
  if (subtotal > MAX_ORDER_CENTS)
    throw fieldError('items', `One order comes to at most ${usd(MAX_ORDER_CENTS)} before VAT; split it.`);
  return lines;
}

/**
 * A bid that does not beat the week's highest paid bid cannot win (ties go to the earlier payment):
 * it was taken, paid, and shown as outbid at once. Refused before anything is charged.
 */
async function refuseNonLeadingBid(db: DbOrTx, product: ProductRow, week: string, cents: number, at: string) {
  const highest = (await highestBids(db, [week])).get(week);
  if (highest === undefined || cents > highest) return;
  const bid = product.options.find((o) => o.type === 'integer_cents')?.name ?? 'bid_cents';
  throw fieldError(
    `${at}.${bid}`,
    `The highest bid for ${week} is ${usd(highest)}: bid more than that to lead (a tie goes to the earlier bid).`,
  );
}
