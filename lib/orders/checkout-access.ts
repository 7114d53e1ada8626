// Who may see and pay a checkout page: whoever holds the link's token (compared in constant time),
// or the signed-in buyer. Anyone else gets the 404 page.
import type { DbOrTx } from '@/db/client';
import { ORDER_NUMBER_PATTERN, tokenMatches } from './numbers';
import { findOrder } from './view';

export async function loadCheckout(db: DbOrTx, number: string, token: string | null, userId: string | null) {
  if (!ORDER_NUMBER_PATTERN.test(number)) return null;
  const found = await findOrder(db, number);
  if (!found) return null;
  const byToken = tokenMatches(token, found.order.checkoutTokenHash);
  const byOwner = userId !== null && found.order.ownerId === userId;
  return byToken || byOwner ? { ...found, byOwner } : null;
}
