// Two writers on one draft, as the editor shows it: per field, what you have and what the draft has
// now, and the values to save once the founder chose (keep mine / take theirs) for each.
import { FIELD_LABELS } from './field-labels';
import { DRAFT_FIELD_NAMES, PROFILE_FIELDS, type DraftFieldName, type ProfileField } from './types';
import type { EditorValues, SocialRow } from './form-values';

export type Choice = 'mine' | 'theirs';
export type ConflictField = { name: DraftFieldName; label: string; mine: string; theirs: string; changedByMe: boolean };

const isProfile = (n: DraftFieldName): n is ProfileField => (PROFILE_FIELDS as readonly string[]).includes(n);
const sortedSocials = (rows: SocialRow[]) =>
  [...rows].filter((r) => r.url).sort((a, b) => a.platform.localeCompare(b.platform));

/** The part of the form one field covers, in a form that compares equal when the saved values would. */
function part(v: EditorValues, name: DraftFieldName): unknown {
  if (isProfile(name)) return v.fields[name];
  if (name === 'company_socials' || name === 'founder_socials') return sortedSocials(v[name]);
  if (name === 'seo')
    return {
      ...v.seo,
      keywords: v.seo.keywords
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    };
  return v[name];
}

const same = (a: EditorValues, b: EditorValues, name: DraftFieldName) =>
  JSON.stringify(part(a, name)) === JSON.stringify(part(b, name));
const lines = (items: string[]) => items.filter(Boolean).join('\n');

/** One field as text a person can compare. */
export function showField(v: EditorValues, name: DraftFieldName): string {
  if (isProfile(name)) return name === 'categories' ? v.fields.categories.join(', ') : v.fields[name];
  switch (name) {
    case 'faqs':
      return lines(v.faqs.map((f) => `Q: ${f.question}\nA: ${f.answer}`));
    case 'founders':
      return lines(
        v.founders.map((f) => [f.name, f.role && ` (${f.role})`, f.bio && `: ${f.bio}`].filter(Boolean).join('')),
      );
    case 'company_socials':
    case 'founder_socials':
      return lines(sortedSocials(v[name]).map((r) => `${r.platform}: ${r.url}`));
    case 'story':
      return lines(Object.entries(v.story).map(([k, t]) => (t ? `${k.replace(/_/g, ' ')}: ${t}` : '')));
    case 'milestones':
      return lines(v.milestones.map((m) => `${m.date} ${m.title}`));
    case 'competitor_url':
      return v.competitor_url;
    case 'seo':
      return lines([
        v.seo.title && `Title: ${v.seo.title}`,
        v.seo.description && `Description: ${v.seo.description}`,
        v.seo.keywords && `Keywords: ${v.seo.keywords}`,
      ]);
  }
}

/** Fields where yours and theirs differ; `changedByMe`: you changed it since you loaded `base`. */
export function conflictFields(base: EditorValues, mine: EditorValues, theirs: EditorValues): ConflictField[] {
  return DRAFT_FIELD_NAMES.filter((n) => !same(mine, theirs, n)).map((name) => ({
    name,
    label: FIELD_LABELS[name],
    mine: showField(mine, name),
    theirs: showField(theirs, name),
    changedByMe: !same(base, mine, name),
  }));
}

/** Theirs, with the fields chosen as "mine" taken from mine (a field without a choice is theirs). */
export function mergeValues(
  mine: EditorValues,
  theirs: EditorValues,
  choices: Partial<Record<DraftFieldName, Choice>>,
): EditorValues {
  const out: EditorValues = structuredClone(theirs);
  for (const name of DRAFT_FIELD_NAMES) {
    if (choices[name] !== 'mine') continue;
    if (isProfile(name)) (out.fields as Record<string, unknown>)[name] = structuredClone(mine.fields[name]);
    else (out as Record<string, unknown>)[name] = structuredClone(mine[name]);
  }
  return out;
}

/** The choices a resolve submission carries (`choice.<field>` = mine | theirs). */
export function readChoices(fd: FormData): Partial<Record<DraftFieldName, Choice>> {
  const out: Partial<Record<DraftFieldName, Choice>> = {};
  for (const name of DRAFT_FIELD_NAMES) {
    const v = fd.get(`choice.${name}`);
    if (v === 'mine' || v === 'theirs') out[name] = v;
  }
  return out;
}
