// The listing's edit form as plain values: built from the listing (the inputs' defaults) and read back
// from a submitted form (the server action), so the edit sends only what changed: an unchanged fact
// never travels to another site through apply_to.
import type { SocialRow, FaqRow } from '@/lib/drafts/form-values';
import { PLATFORMS, type Platform } from '@/lib/drafts/types';
import { COMPANY_FIELDS, SITE_FIELDS, type UpdateMyListingInput } from './patch-schema';
import type { MyListing } from './view';

export const TEXT_FIELDS = [...COMPANY_FIELDS, ...SITE_FIELDS.filter((f) => f !== 'categories')] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export type ListingFormValues = {
  fields: Record<TextField, string> & { categories: string[] };
  socials: SocialRow[];
  faqs: FaqRow[];
};

/** Text as the form sends it back (LF line breaks, trimmed), so untouched fields compare equal. */
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v).replace(/\r\n?/g, '\n').trim());

export function listingToFormValues(l: MyListing): ListingFormValues {
  const fields = {
    ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, str(l[f])])) as Record<TextField, string>),
    categories: l.categories,
  };
  return {
    fields,
    socials: PLATFORMS.filter((p) => l.socials[p]).map((p) => ({ platform: p, url: l.socials[p] })),
    faqs: l.faqs.map((f) => ({ question: str(f.question), answer: str(f.answer) })),
  };
}

/** Rows named `${prefix}.${i}.${key}`, in index order, keeping each row's form index. */
function rowsOf(fd: FormData, prefix: string) {
  const indexes = new Set<number>();
  const re = new RegExp(`^${prefix}\\.(\\d+)\\.`);
  for (const key of fd.keys()) {
    const m = re.exec(key);
    if (m) indexes.add(Number(m[1]));
  }
  return [...indexes]
    .sort((a, b) => a - b)
    .map((index) => ({ index, get: (key: string) => str(fd.get(`${prefix}.${index}.${key}`)) }));
}

export type ListingFormRead = { values: ListingFormValues; applyTo: string[]; faqIndex: number[] };

export function readListingForm(fd: FormData): ListingFormRead {
  const fields = {
    ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, str(fd.get(`fields.${f}`))])) as Record<TextField, string>),
    categories: [
      ...new Set(
        fd
          .getAll('fields.categories')
          .map((c) => str(c))
          .filter(Boolean),
      ),
    ],
  };
  const faqs = rowsOf(fd, 'faqs').filter((r) => r.get('question') || r.get('answer'));
  return {
    values: {
      fields,
      socials: rowsOf(fd, 'socials')
        .map((r) => ({ platform: r.get('platform'), url: r.get('url') }))
        .filter((r) => r.url),
      faqs: faqs.map((r) => ({ question: r.get('question'), answer: r.get('answer') })),
    },
    applyTo: fd
      .getAll('apply_to')
      .map((v) => str(v))
      .filter(Boolean),
    faqIndex: faqs.map((r) => r.index),
  };
}

type Body = Omit<UpdateMyListingInput, 'listing_id' | 'version'>;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const socialRecord = (rows: SocialRow[]) =>
  Object.fromEntries(
    rows
      .filter((r) => r.url)
      .map((r) => [r.platform, r.url] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/** The update_my_listing body for what the form changed; errors: input name → message. */
export function changedBody(current: ListingFormValues, next: ListingFormValues) {
  const body: Body = {};
  const errors: Record<string, string> = {};
  const fields: Record<string, unknown> = {};
  for (const f of TEXT_FIELDS) {
    const now = next.fields[f];
    if (current.fields[f] === now) continue;
    if (f === 'founded_year') {
      if (now && !/^\d{4}$/.test(now)) errors['fields.founded_year'] = 'Enter a year like 2019.';
      else fields.founded_year = now ? Number(now) : null;
    } else fields[f] = now === '' ? null : now;
  }
  if (!same(current.fields.categories, next.fields.categories))
    fields.categories = next.fields.categories.length ? next.fields.categories : null;
  if (Object.keys(fields).length) body.fields = fields as Body['fields'];

  const seen = new Set<string>();
  for (const r of next.socials) {
    if (seen.has(r.platform))
      errors[`socials.${r.platform}`] = 'This platform is listed twice; keep one link per platform.';
    seen.add(r.platform);
  }
  if (!same(socialRecord(current.socials), socialRecord(next.socials)))
    body.socials = socialRecord(next.socials) as Partial<Record<Platform, string>>;
  if (!same(current.faqs, next.faqs)) body.faqs = next.faqs;
  return { body, errors };
}

/** A problem path from update_my_listing (FAQ indexes among the rows sent) → the form's input name. */
export function formPath(path: string, faqIndex: number[]): string {
  return path.replace(/^faqs\.(\d+)/, (_m, i: string) => `faqs.${faqIndex[Number(i)] ?? i}`);
}
