// What the founder changed in the editor form → an update_draft body. Only changed fields are sent:
// sending an unchanged AI value would turn it into "edited" (docs/decisions.md#draft-field-states).
import type { UpdateDraftInput } from '@/lib/drafts/patch-schema';
import { PROFILE_FIELDS, STORY_SECTIONS, type DraftFieldName } from '@/lib/drafts/types';
import { socialRecord, type EditorValues, type FormRead } from '@/lib/drafts/form-values';

type Patch = Omit<UpdateDraftInput, 'id'>;
export type PatchResult = { patch: Patch; errors: Record<string, string> };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sortedRecord = (rows: EditorValues['company_socials']) =>
  Object.fromEntries(Object.entries(socialRecord(rows)).sort(([a], [b]) => a.localeCompare(b)));
const orNull = (v: string) => (v === '' ? null : v);

function duplicatePlatforms(rows: EditorValues['company_socials'], path: string, errors: Record<string, string>) {
  const seen = new Set<string>();
  for (const r of rows) {
    if (seen.has(r.platform))
      errors[`${path}.${r.platform}`] = 'This platform is listed twice; keep one link per platform.';
    seen.add(r.platform);
  }
}

/** `skip`: fields the action itself changes (restore/regenerate), so typed values do not undo it. */
export function buildPatch(current: EditorValues, read: FormRead, skip: ReadonlySet<DraftFieldName>): PatchResult {
  const next = read.values;
  const patch: Patch = {};
  const errors: Record<string, string> = {};
  const fields: Record<string, unknown> = {};

  for (const name of PROFILE_FIELDS) {
    if (skip.has(name)) continue;
    const was = current.fields[name];
    const now = next.fields[name];
    if (same(was, now)) continue;
    if (name === 'categories') fields.categories = (now as string[]).length ? now : null;
    else if (name === 'founded_year') {
      const year = now as string;
      if (year && !/^\d{4}$/.test(year)) errors['fields.founded_year'] = 'Enter a year like 2019.';
      else fields.founded_year = year ? Number(year) : null;
    } else fields[name] = orNull(now as string);
  }
  if (Object.keys(fields).length) patch.fields = fields as Patch['fields'];

  if (!skip.has('faqs') && !same(current.faqs, next.faqs)) patch.faqs = next.faqs;
  if (
    !skip.has('company_socials') &&
    !same(sortedRecord(current.company_socials), sortedRecord(next.company_socials))
  ) {
    duplicatePlatforms(next.company_socials, 'company_socials', errors);
    patch.company_socials = socialRecord(next.company_socials);
  }
  const founderSocialsChanged =
    !skip.has('founder_socials') && !same(sortedRecord(current.founder_socials), sortedRecord(next.founder_socials));
  if (founderSocialsChanged) {
    duplicatePlatforms(next.founder_socials, 'founder_socials', errors);
    patch.founder_socials = socialRecord(next.founder_socials);
  }
  // The primary founder's links live in founder_socials; the founders list carries the same links
  // so the listing gets one consistent set.
  if (
    !skip.has('founders') &&
    (!same(current.founders, next.founders) || (founderSocialsChanged && next.founders.length > 0))
  ) {
    patch.founders = next.founders.map((f, i) => ({
      name: f.name,
      role: orNull(f.role),
      photo_url: orNull(f.photo_url),
      bio: orNull(f.bio),
      socials: i === 0 ? socialRecord(next.founder_socials) : socialRecord(f.socials),
      founder_profile_id: f.founder_profile_id ? Number(f.founder_profile_id) : null,
    }));
    next.founders.forEach((f, i) => duplicatePlatforms(f.socials, `founders.${i}.socials`, errors));
  }
  if (!skip.has('story')) {
    const story: Record<string, string | null> = {};
    for (const s of STORY_SECTIONS) if (current.story[s] !== next.story[s]) story[s] = orNull(next.story[s]);
    if (Object.keys(story).length) patch.story = story;
  }
  if (!skip.has('milestones') && !same(current.milestones, next.milestones)) {
    patch.milestones = next.milestones.map((m) => ({
      date: m.date,
      title: m.title,
      description: orNull(m.description),
      url: orNull(m.url),
    }));
  }
  if (!skip.has('competitor_url') && current.competitor_url !== next.competitor_url)
    patch.competitor_url = next.competitor_url;
  const seo = (v: EditorValues['seo']) => ({
    title: v.title,
    description: v.description,
    keywords: v.keywords
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
  });
  if (!skip.has('seo') && !same(seo(current.seo), seo(next.seo))) patch.seo = seo(next.seo);
  return { patch, errors };
}

/** A problem path from update_draft (patch indexes) → the editor's input name (form row indexes). */
export function formPath(path: string, rowIndex: FormRead['rowIndex']): string {
  return path.replace(
    /^(faqs|founders|milestones)\.(\d+)/,
    (_m, list: keyof FormRead['rowIndex'], i: string) => `${list}.${rowIndex[list][Number(i)] ?? i}`,
  );
}

export function changedCount(patch: Patch): number {
  return Object.keys(patch.fields ?? {}).length + Object.keys(patch).filter((k) => k !== 'fields').length;
}
