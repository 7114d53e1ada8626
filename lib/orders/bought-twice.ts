// Nothing is sold twice (docs/decisions.md#checkout). What a line delivers to its listing is named by
// keys: a launch, the milestones section (a paid launch shows it too), each featured category-week.
// A line may not buy what another line of its order delivers (422), what another order holds (pending,
// or paid and not delivered yet) or what the listing has already (409). The quote and the checkout ask all three, and the Pay button
// asks again (with the listing's state), so a second order for the same thing is refused before
// anything is charged.
import { and, eq, gt, inArray, isNull, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { categories, featuredPlacements, orderLines, orders } from '@/db/schema';
import { AppError, fieldError } from '@/lib/errors/app-error';

type Line = { productKey: string; listingId: number | null; options: Record<string, unknown> };

/**
 * What the line delivers to its listing. `own`: what it is bought for (a paid launch also shows the
 * milestones section, but a launch is not refused because the section is bought elsewhere: the
 * section's own line is).
 */
function delivers(line: Line): { key: string; what: string; own: boolean }[] {
  if (line.listingId === null) return [];
  const at = (key: string) => `${line.listingId}:${key}`;
  switch (line.productKey) {
    case 'launch':
      return [
        { key: at('launch'), what: 'a paid launch', own: true },
        { key: at('milestones'), what: 'a paid launch, which shows the milestones section', own: false },
      ];
    case 'unlock_milestones':
      return [{ key: at('milestones'), what: 'the milestones section', own: true }];
    case 'featured_week': {
      const weeks = (line.options.weeks as string[] | undefined) ?? [];
      const slugs = (line.options.categories as string[] | undefined) ?? [];
      return weeks.flatMap((w) =>
        slugs.map((c) => ({ key: at(`featured:${c}:${w}`), what: `a featured place in ${c} during ${w}`, own: true })),
      );
    }
    default:
      return [];
  }
}

const ownKeys = (line: Line) => delivers(line).filter((d) => d.own);

/** 422 when a line of an order buys what another line of it delivers (the later of two alike is refused). */
export function refuseTwiceInOrder(lines: Line[]): void {
  lines.forEach((line, i) => {
    for (const { key } of ownKeys(line))
      lines.forEach((other, j) => {
        if (j === i) return;
        const d = delivers(other).find((x) => x.key === key);
        if (d && (!d.own || j < i))
          throw fieldError(
            `items.${i}`,
            `Item ${j + 1} of this order (items.${j}) already buys ${d.what} for this listing; drop this one.`,
          );
      });
  });
}

/** Lines of other orders that hold what they buy: pending and not expired, or paid and not delivered yet. */
function heldLines(db: DbOrTx, listingIds: number[], now: Date, exceptOrderId?: number) {
  return db
    .select({ number: orders.number, status: orders.status, expiresAt: orders.expiresAt, line: orderLines })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        inArray(orderLines.listingId, listingIds),
        or(
          and(eq(orders.status, 'pending'), gt(orders.expiresAt, now)),
          // Paid, not delivered yet (a crash between payment and delivery; the expiry job catches up).
          and(eq(orders.status, 'paid'), isNull(orderLines.fulfilledAt), isNull(orderLines.fulfilment)),
        ),
        exceptOrderId ? ne(orders.id, exceptOrderId) : undefined,
      ),
    );
}

/** A featured place a listing has, or that an order holds for it (the Promote card lists them). */
export type FeaturedHeld = { week: string; category: string; order: string | null };

/**
 * The listing's featured places from `fromWeek` on, by week then category name: placed ones
 * (`order` null) and those an order holds (its number; pending orders can be paid or cancelled).
 */
export async function featuredHeld(
  db: DbOrTx,
  listingId: number,
  fromWeek: string,
  now: Date,
): Promise<FeaturedHeld[]> {
  const [placed, held, names] = await Promise.all([
    db
      .select({ week: featuredPlacements.week, slug: categories.slug })
      .from(featuredPlacements)
      .innerJoin(categories, eq(categories.id, featuredPlacements.categoryId))
      .where(eq(featuredPlacements.listingId, listingId)),
    heldLines(db, [listingId], now),
    db.select({ slug: categories.slug, name: categories.name }).from(categories),
  ]);
  const nameOf = new Map(names.map((c) => [c.slug, c.name]));
  const all: FeaturedHeld[] = placed.map((p) => ({
    week: p.week,
    category: nameOf.get(p.slug) ?? p.slug,
    order: null,
  }));
  for (const h of held) {
    if (h.line.productKey !== 'featured_week') continue;
    const weeks = (h.line.options.weeks as string[] | undefined) ?? [];
    const slugs = (h.line.options.categories as string[] | undefined) ?? [];
    for (const week of weeks)
      for (const slug of slugs) all.push({ week, category: nameOf.get(slug) ?? slug, order: h.number });
  }
  return all
    .filter((f) => f.week >= fromWeek)
    .sort((a, b) => a.week.localeCompare(b.week) || a.category.localeCompare(b.category));
}

/**
 * 409 listing_state when a line buys what another order holds for the same listing (pending and not
 * expired, or paid and not delivered yet; never `exceptOrderId`), or a featured place the listing
 * has already.
 */
export async function refuseAlreadyHeld(
  db: DbOrTx,
  lines: Line[],
  opts: { pending: false } | { pending: true; now: Date; exceptOrderId?: number },
): Promise<void> {
  const listingIds = [...new Set(lines.flatMap((l) => (ownKeys(l).length ? [l.listingId!] : [])))];
  if (!listingIds.length) return;
  const refuse = (i: number, why: string) =>
    new AppError('listing_state', why, { errors: [{ path: `items.${i}.listing_id`, message: why }] });
  if (opts.pending) {
    const held = await heldLines(db, listingIds, opts.now, opts.exceptOrderId);
    const heldBy = new Map<string, { number: string; status: string; expiresAt: Date; what: string }>();
    for (const h of held) for (const { key, what } of delivers(h.line)) heldBy.set(key, { ...h, what });
    lines.forEach((line, i) => {
      for (const { key } of ownKeys(line)) {
        const h = heldBy.get(key);
        if (h)
          throw refuse(
            i,
            h.status === 'paid'
              ? `Order ${h.number} has paid for ${h.what} for this listing; it is being delivered.`
              : `Order ${h.number} already buys ${h.what} for this listing and waits for payment until ${h.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC. Pay it or cancel it on its checkout page (from /account/orders/${h.number} on the site; get_order gives its checkout_url), or let it expire.`,
          );
      }
    });
  }
  if (!lines.some((l) => l.productKey === 'featured_week')) return;
  const placed = await db
    .select({ listingId: featuredPlacements.listingId, week: featuredPlacements.week, slug: categories.slug })
    .from(featuredPlacements)
    .innerJoin(categories, eq(categories.id, featuredPlacements.categoryId))
    .where(inArray(featuredPlacements.listingId, listingIds));
  const featured = new Set(placed.map((p) => `${p.listingId}:featured:${p.slug}:${p.week}`));
  lines.forEach((line, i) => {
    for (const { key, what } of ownKeys(line))
      if (featured.has(key)) throw refuse(i, `The listing already has ${what}.`);
  });
}
