// The editor's form as plain values: built from a draft (the inputs' defaults) and read back from a
// submitted form (the server action), so "what changed" is a comparison of two EditorValues.
import {
  PLATFORMS,
  PROFILE_FIELDS,
  STORY_SECTIONS,
  type DraftView,
  type Platform,
  type ProfileField,
  type SocialLinks,
  type StorySection,
} from '@/lib/drafts/types';

export type SocialRow = { platform: string; url: string };
export type FaqRow = { question: string; answer: string };
export type FounderRow = {
  name: string;
  role: string;
  photo_url: string;
  bio: string;
  founder_profile_id: string;
  socials: SocialRow[];
};
export type MilestoneRow = { date: string; title: string; description: string; url: string };

export type EditorValues = {
  fields: Record<Exclude<ProfileField, 'categories'>, string> & { categories: string[] };
  faqs: FaqRow[];
  founders: FounderRow[];
  company_socials: SocialRow[];
  founder_socials: SocialRow[];
  story: Record<StorySection, string>;
  milestones: MilestoneRow[];
  competitor_url: string;
  seo: { title: string; description: string; keywords: string };
};

export const socialRows = (links: SocialLinks | undefined): SocialRow[] =>
  PLATFORMS.filter((p) => links?.[p]).map((p) => ({ platform: p, url: links![p]! }));

export function socialRecord(rows: SocialRow[]): SocialLinks {
  const out: SocialLinks = {};
  for (const r of rows) if (r.url.trim()) out[r.platform as Platform] = r.url.trim();
  return out;
}

/** Text as the form would send it back (LF line breaks, trimmed), so untouched fields compare equal. */
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v).replace(/\r\n?/g, '\n').trim());

export function draftToValues(d: DraftView): EditorValues {
  const fields = Object.fromEntries(
    PROFILE_FIELDS.map((n) => [
      n,
      n === 'categories' ? ((d.fields.categories.value as string[] | null) ?? []) : str(d.fields[n].value),
    ]),
  ) as EditorValues['fields'];
  return {
    fields,
    faqs: d.faqs.map((f) => ({ question: str(f.question), answer: str(f.answer) })),
    founders: d.founders.map((f, i) => ({
      name: str(f.name),
      role: str(f.role),
      photo_url: str(f.photo_url),
      bio: str(f.bio),
      founder_profile_id: str(f.founder_profile_id),
      // The primary founder's links are edited as founder_socials.
      socials: i === 0 ? [] : socialRows(f.socials),
    })),
    company_socials: socialRows(d.company_socials),
    founder_socials: socialRows(Object.keys(d.founder_socials).length ? d.founder_socials : d.founders[0]?.socials),
    story: Object.fromEntries(STORY_SECTIONS.map((s) => [s, str(d.story[s])])) as EditorValues['story'],
    milestones: d.milestones.map((m) => ({
      date: str(m.date),
      title: str(m.title),
      description: str(m.description),
      url: str(m.url),
    })),
    competitor_url: str(d.competitor_url),
    seo: {
      title: str(d.seo.title),
      description: str(d.seo.description),
      keywords: (d.seo.keywords ?? []).map(str).filter(Boolean).join(', '),
    },
  };
}

/** Rows named `${prefix}.${i}.${key}`, in index order, keeping each row's form index. */
/** Browsers submit textarea line breaks as CRLF; stored text uses LF. */
const clean = (v: FormDataEntryValue | null) =>
  String(v ?? '')
    .replace(/\r\n?/g, '\n')
    .trim();

function rowsOf(fd: FormData, prefix: string): { index: number; get: (key: string) => string }[] {
  const indexes = new Set<number>();
  const re = new RegExp(`^${prefix.replace(/\./g, '\\.')}\\.(\\d+)\\.`);
  for (const key of fd.keys()) {
    const m = re.exec(key);
    if (m) indexes.add(Number(m[1]));
  }
  return [...indexes]
    .sort((a, b) => a - b)
    .map((index) => ({ index, get: (key: string) => clean(fd.get(`${prefix}.${index}.${key}`)) }));
}

const socialsFrom = (fd: FormData, prefix: string): SocialRow[] =>
  rowsOf(fd, prefix)
    .map((r) => ({ platform: r.get('platform'), url: r.get('url') }))
    .filter((r) => r.url);

export type FormRead = { values: EditorValues; rowIndex: { faqs: number[]; founders: number[]; milestones: number[] } };

/** Reads the editor form back; blank rows are dropped (their form index is kept for error messages). */
export function readEditorForm(fd: FormData): FormRead {
  const text = (name: string) => clean(fd.get(name));
  const fields = Object.fromEntries(
    PROFILE_FIELDS.map((n) => [
      n,
      n === 'categories'
        ? fd
            .getAll('fields.categories')
            .map((c) => clean(c))
            .filter(Boolean)
        : text(`fields.${n}`),
    ]),
  ) as EditorValues['fields'];
  fields.categories = [...new Set(fields.categories)];
  const faqs = rowsOf(fd, 'faqs').filter((r) => r.get('question') || r.get('answer'));
  const founders = rowsOf(fd, 'founders').filter(
    (r) => r.get('name') || r.get('role') || r.get('bio') || r.get('photo_url'),
  );
  const milestones = rowsOf(fd, 'milestones').filter(
    (r) => r.get('date') || r.get('title') || r.get('description') || r.get('url'),
  );
  return {
    values: {
      fields,
      faqs: faqs.map((r) => ({ question: r.get('question'), answer: r.get('answer') })),
      founders: founders.map((r, i) => ({
        name: r.get('name'),
        role: r.get('role'),
        photo_url: r.get('photo_url'),
        bio: r.get('bio'),
        founder_profile_id: r.get('founder_profile_id'),
        socials: i === 0 ? [] : socialsFrom(fd, `founders.${r.index}.socials`),
      })),
      company_socials: socialsFrom(fd, 'company_socials'),
      founder_socials: socialsFrom(fd, 'founder_socials'),
      story: Object.fromEntries(STORY_SECTIONS.map((s) => [s, clean(fd.get(`story.${s}`))])) as EditorValues['story'],
      milestones: milestones.map((r) => ({
        date: r.get('date'),
        title: r.get('title'),
        description: r.get('description'),
        url: r.get('url'),
      })),
      competitor_url: text('competitor_url'),
      seo: { title: text('seo.title'), description: text('seo.description'), keywords: text('seo.keywords') },
    },
    rowIndex: {
      faqs: faqs.map((r) => r.index),
      founders: founders.map((r) => r.index),
      milestones: milestones.map((r) => r.index),
    },
  };
}
