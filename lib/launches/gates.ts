// The two gates of a free launch (docs/decisions.md#launches): the badge on the owner's site, and
// the primary founder's complete profile. Each says where it is fixed.
import type { DbOrTx } from '@/db/client';
import type { ListingRow } from '@/lib/owner-listings/access';
import { BADGE_RESULT_TEXT, isFound, TRANSIENT_RESULTS, type BadgeResult } from './badge-check';
import { founderProfileGate, type MissingItem } from './profile-gate';

type BadgeColumns = Pick<ListingRow, 'badgeVerifiedAt' | 'badgeCheckedAt' | 'badgeCheckResult'>;

/**
 * The badge gate is closed by the last check finding the badge. A check that could not reach the
 * site (unreachable, timeout) leaves an earlier find standing: a site down for a minute is not a
 * removed badge.
 */
export function badgeVerified(l: BadgeColumns): boolean {
  if (!l.badgeVerifiedAt) return false;
  return isFound(l.badgeCheckResult) || TRANSIENT_RESULTS.includes(l.badgeCheckResult as BadgeResult);
}

export type BadgeGate = {
  status: 'verified' | 'not_found' | 'not_checked';
  checked_at: string | null;
  verified_at: string | null;
  detail: string | null;
  fix_url: string;
};
export type ProfileGateView = { status: 'complete' | 'missing'; missing: MissingItem[]; fix_url: string };
export type LaunchGates = { badge: BadgeGate; founder_profile: ProfileGateView };

const absolute = (baseUrl: string, url: string) => (/^https?:\/\//.test(url) ? url : `${baseUrl}${url}`);

export function badgeGateOf(baseUrl: string, l: BadgeColumns & { id: number }): BadgeGate {
  const result = l.badgeCheckResult as BadgeResult | null;
  return {
    status: badgeVerified(l) ? 'verified' : l.badgeCheckedAt ? 'not_found' : 'not_checked',
    checked_at: l.badgeCheckedAt?.toISOString() ?? null,
    verified_at: l.badgeVerifiedAt?.toISOString() ?? null,
    detail: result ? (BADGE_RESULT_TEXT[result] ?? null) : null,
    fix_url: `${baseUrl}/account/listings/${l.id}#badge`,
  };
}

export async function launchGates(db: DbOrTx, baseUrl: string, l: ListingRow): Promise<LaunchGates> {
  const profile = await founderProfileGate(db, l);
  return {
    badge: badgeGateOf(baseUrl, l),
    founder_profile: {
      status: profile.complete ? 'complete' : 'missing',
      missing: profile.missing.map((m) => ({ ...m, url: absolute(baseUrl, m.url) })),
      fix_url: `${baseUrl}/account/profile`,
    },
  };
}

/** The open gates as lines for a mail or a page ("what is still missing"). */
export function openGateLines(gates: LaunchGates): string[] {
  const lines: string[] = [];
  if (gates.badge.status !== 'verified')
    lines.push(`Put the badge on your website, then press "Check now": ${gates.badge.fix_url}`);
  for (const m of gates.founder_profile.missing) lines.push(`${m.reason} ${m.url}`);
  return lines;
}
