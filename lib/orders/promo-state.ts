// A promo code's state for the site team's list: an expired code read "active".
/** Whether the code takes effect now, in the words a buyer's refusal would use. */
export function promoState(
  p: { active: boolean; startsAt: Date | null; endsAt: Date | null; maxRedemptions: number | null },
  redeemed: number,
  now: Date,
): string {
  if (!p.active) return 'switched off';
  if (p.endsAt && p.endsAt <= now) return 'ended';
  if (p.startsAt && p.startsAt > now) return 'not started yet';
  if (p.maxRedemptions !== null && redeemed >= p.maxRedemptions) return 'used up';
  return 'active';
}
