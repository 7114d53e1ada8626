// A drafted logo or founder photo must load: the drafter found its address in the site's HTML, but
// the file may be gone (a 404 showed as a broken image, and a photo that does not exist counted as
// the founder's). Each is asked once (the first 64 KiB at most); only a definite answer drops it (a
// 404 or 410, or something that is not an image). A timeout keeps it: a slow site is not a missing
// image. Addresses robots.txt keeps from crawlers are not asked, and kept.
import type { DbOrTx } from '@/db/client';
import { getRobots } from '@/lib/crawl/robots';
import { guardedFetch } from '@/lib/net/guarded-fetch';
import type { DraftFounder, Proposals } from './types';

const MAX_CHECKED = 8;

async function missing(db: DbOrTx, url: string): Promise<string | null> {
  try {
    const robots = await getRobots(db, new URL(url).origin);
    if (!robots.isAllowed(url)) return null;
    const res = await guardedFetch(url, { accept: 'image/*', maxBytes: 64 * 1024, truncate: true, timeoutMs: 8_000 });
    if (res.status === 404 || res.status === 410) return `'${url}' does not load (the site answers ${res.status}).`;
    if (res.status < 300 && !res.contentType.startsWith('image/'))
      return `'${url}' is not an image (the site sends ${res.contentType || 'no type'}).`;
    return null;
  } catch {
    return null;
  }
}

/** The proposals with the logo and photos that do not load taken out (and said why, as refusals). */
export async function dropMissingImages(db: DbOrTx, p: Proposals): Promise<Proposals> {
  const founders = (p.founders?.value ?? []) as DraftFounder[];
  const urls = [...new Set([p.logo_url?.value, ...founders.map((f) => f.photo_url)])]
    .filter((u): u is string => typeof u === 'string' && /^https?:\/\//.test(u))
    .slice(0, MAX_CHECKED);
  const why = new Map<string, string>();
  await Promise.all(
    urls.map(async (u) => {
      const reason = await missing(db, u);
      if (reason) why.set(u, reason);
    }),
  );
  if (!why.size) return p;
  const out: Proposals = { ...p };
  const logo = p.logo_url?.value;
  if (logo && why.has(logo))
    out.logo_url = { value: null, evidence: [], refused: { value: logo, reason: why.get(logo)! } };
  if (p.founders && founders.some((f) => f.photo_url && why.has(f.photo_url))) {
    const gone = founders.filter((f) => f.photo_url && why.has(f.photo_url));
    out.founders = {
      ...p.founders,
      value: founders.map((f) =>
        f.photo_url && why.has(f.photo_url)
          ? { ...f, photo_url: null, evidence: f.evidence.filter((e) => e.quote !== f.photo_url) }
          : f,
      ),
      refused: {
        value: [
          ...((p.founders.refused?.value as unknown[]) ?? []),
          ...gone.map((f) => ({ name: f.name, photo_url: f.photo_url })),
        ],
        reason: [p.founders.refused?.reason, ...gone.map((f) => `${f.name}'s photo: ${why.get(f.photo_url!)}`)]
          .filter(Boolean)
          .join(' '),
      },
    };
  }
  return out;
}
