// The steps that build a draft (run by the Inngest function or the local runner): fetch, extract,
// draft, save. Each step is idempotent: re-running it after a crash gives the same result.
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { draftPages, drafts } from '@/db/schema';
import { categoryChoices } from '@/lib/catalog/catalog';
import { crawlSite, type CrawlResult } from '@/lib/crawl/crawl';
import { extractPage, type PageExtract } from '@/lib/crawl/extract-page';
import type { PageKind } from '@/lib/crawl/plan';
import { currentDrafter } from './drafter-choice';
import { deterministicDrafter } from './drafters/deterministic';
import type { Drafter, SiteData } from './drafters/site-data';
import { applyAi, emptyFields, mapFields } from './fields';
import { guardProposals } from './guard';
import { dropMissingImages } from './image-check';
import { siteCorpus } from './site-corpus';
import { DRAFT_FIELD_NAMES, type DraftFieldName, type FailureReason, type Proposals, type StoredFields } from './types';
import { nextVersion } from './version';

type Extraction = { pages: Omit<PageExtract, 'text' | 'urls'>[] };

export async function markFailed(db: DbOrTx, draftId: string, reason: FailureReason, message: string) {
  await db
    .update(drafts)
    .set({
      ...nextVersion(),
      status: 'failed',
      phase: 'failed',
      failureReason: reason,
      failureMessage: message,
      updatedAt: new Date(),
    })
    .where(eq(drafts.id, draftId));
}

/** Step 1: robots.txt and the pages. Returns the failure, if any (the draft is then failed). */
export async function fetchStep(db: DbOrTx, draftId: string): Promise<CrawlResult | { ok: false; skipped: true }> {
  const [draft] = await db.select().from(drafts).where(eq(drafts.id, draftId));
  if (!draft || draft.status !== 'crawling') return { ok: false, skipped: true };
  const result = await crawlSite(db, draftId, draft.url);
  if (!result.ok) await markFailed(db, draftId, result.reason, result.message);
  return result;
}

/** Step 2: text, links and facts of every fetched page; the HTML is dropped afterwards. */
export async function extractStep(db: DbOrTx, draftId: string): Promise<{ pages: number }> {
  await db.update(drafts).set({ phase: 'extracting' }).where(eq(drafts.id, draftId));
  const rows = await db
    .select()
    .from(draftPages)
    .where(and(eq(draftPages.draftId, draftId), eq(draftPages.status, 'fetched')))
    .orderBy(asc(draftPages.position));
  const [draft] = await db.select({ extraction: drafts.extraction }).from(drafts).where(eq(drafts.id, draftId));
  const previous = ((draft?.extraction as Extraction | null)?.pages ?? []) as Extraction['pages'];
  const pages: Extraction['pages'] = [];
  for (const row of rows) {
    if (row.html === null) {
      const kept = previous.find((p) => p.url === row.url);
      if (kept) pages.push(kept);
      continue;
    }
    const { text, urls, ...facts } = extractPage(row.html, row.url);
    pages.push(facts);
    await db.update(draftPages).set({ text, urls, title: facts.title, html: null }).where(eq(draftPages.id, row.id));
  }
  await db
    .update(drafts)
    .set({
      ...nextVersion(),
      extraction: { pages } as unknown as Record<string, unknown>,
      status: 'drafting',
      phase: 'drafting',
      updatedAt: new Date(),
    })
    .where(eq(drafts.id, draftId));
  return { pages: pages.length };
}

export async function loadSiteData(db: DbOrTx, draftId: string): Promise<SiteData> {
  const [draft] = await db.select().from(drafts).where(eq(drafts.id, draftId));
  const rows = await db
    .select()
    .from(draftPages)
    .where(and(eq(draftPages.draftId, draftId), eq(draftPages.status, 'fetched')))
    .orderBy(asc(draftPages.position));
  const facts = ((draft.extraction as Extraction | null)?.pages ?? []) as Extraction['pages'];
  const pages = rows.flatMap((r) => {
    const f = facts.find((x) => x.url === r.url);
    return f ? [{ ...f, text: r.text, urls: r.urls, kind: r.kind as PageKind }] : [];
  });
  const categories = await categoryChoices(db);
  return { url: draft.url, pages, categories, now: new Date() };
}

/** Drafts (with the evidence guard) the named fields, or all of them. */
export async function proposeFields(
  db: DbOrTx,
  draftId: string,
  drafter: Drafter = currentDrafter(),
  only?: readonly DraftFieldName[],
): Promise<Proposals> {
  const site = await loadSiteData(db, draftId);
  let raw: Proposals;
  try {
    raw = await drafter.draft(site, only);
  } catch (err) {
    if (drafter === deterministicDrafter) throw err;
    // A model outage must not lose the draft: the site's own words still make a truthful one.
    console.error(`[drafts] ${drafter.name} drafter failed, using the deterministic drafter:`, (err as Error).message);
    raw = await deterministicDrafter.draft(site, only);
  }
  const corpus = siteCorpus(site.pages);
  const guarded = guardProposals(raw, { corpus, categories: site.categories.map((c) => c.name), now: site.now });
  // Images are asked for only when their fields are drafted (a redraft of the headline fetches none).
  const asked = only
    ? (Object.fromEntries(only.map((n) => [n, guarded[n]]).filter(([, v]) => v !== undefined)) as Proposals)
    : guarded;
  return dropMissingImages(db, asked);
}

/** Step 4: the AI values land on the fields (saved fields are kept); the draft is ready. */
export async function saveStep(db: DbOrTx, draftId: string, proposals: Proposals, drafterName: string) {
  await db.transaction(async (tx) => {
    const [draft] = await tx.select().from(drafts).where(eq(drafts.id, draftId)).for('update');
    if (!draft || draft.status === 'failed') return;
    const current: StoredFields = { ...emptyFields(), ...(draft.fields ?? {}) };
    const fields = mapFields(current, DRAFT_FIELD_NAMES, (f, n) => applyAi(f, proposals[n] as never));
    const status = draft.status === 'submitted' ? 'submitted' : 'ready';
    await tx
      .update(drafts)
      .set({
        ...nextVersion(),
        fields,
        status,
        phase: 'done',
        drafter: drafterName,
        failureReason: null,
        failureMessage: null,
        updatedAt: new Date(),
      })
      .where(eq(drafts.id, draftId));
  });
}
