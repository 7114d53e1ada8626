// When a founder profile is complete (docs/decisions.md#founder-profile-completeness): name, role,
// bio and photo. The story rules and the launch rules read this one function; keep its shape.

/** The fields completeness looks at (a founder_profiles row fits). */
export type CompletenessInput = {
  name: string | null;
  role: string | null;
  bio: string | null;
  photoUrl: string | null;
};

export const PROFILE_REQUIRED_FIELDS = ['name', 'role', 'bio', 'photo'] as const;
export type ProfileRequiredField = (typeof PROFILE_REQUIRED_FIELDS)[number];

export type ProfileMissing = {
  field: ProfileRequiredField;
  reason: string;
  /** Where the founder fixes it: the field on /account/profile. */
  url: string;
};

export type ProfileCompleteness = { complete: boolean; missing: ProfileMissing[] };

/** The profile page, and the anchor of each field's input on it. */
export const PROFILE_PAGE = '/account/profile';
export const profileFieldUrl = (field: ProfileRequiredField) => `${PROFILE_PAGE}#${field}`;

const REASONS: Record<ProfileRequiredField, string> = {
  name: 'Add your name to your founder profile.',
  role: 'Add your role (for example Founder or CEO) to your founder profile.',
  bio: 'Write a short bio on your founder profile.',
  photo: 'Upload a photo of yourself to your founder profile.',
};

const blank = (v: string | null | undefined) => !v || !v.trim();

/** Complete = name, role, bio and photo. `null` (no profile yet) misses all four. */
export function profileCompleteness(profile: CompletenessInput | null | undefined): ProfileCompleteness {
  const values: Record<ProfileRequiredField, string | null | undefined> = {
    name: profile?.name,
    role: profile?.role,
    bio: profile?.bio,
    photo: profile?.photoUrl,
  };
  const missing = PROFILE_REQUIRED_FIELDS.filter((f) => blank(values[f])).map((field) => ({
    field,
    reason: REASONS[field],
    url: profileFieldUrl(field),
  }));
  return { complete: missing.length === 0, missing };
}
