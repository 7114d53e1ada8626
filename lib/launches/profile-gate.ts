// The founder-profile gate of a free launch: the listing's primary founder's profile is complete
// (lib/founders/completeness.ts, the one definition the profile page and the story rules read).
import type { DbOrTx } from '@/db/client';
import { primaryFounderProfile } from '@/lib/founders/primary';
import { profileCompleteness, type CompletenessInput } from '@/lib/founders/completeness';

export type MissingItem = { field: string; reason: string; url: string };
export type ProfileGate = { complete: boolean; missing: MissingItem[] };

type ProfileFields = CompletenessInput;

/** What a profile lacks, each with the place it is fixed (the account's founder profile page). */
export const profileGateOf = (profile: ProfileFields | null): ProfileGate => profileCompleteness(profile);

export async function founderProfileGate(
  db: DbOrTx,
  listing: { id: number; ownerId: string | null },
): Promise<ProfileGate> {
  return profileGateOf(await primaryFounderProfile(db, listing));
}
