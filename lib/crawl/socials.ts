// Social links by the spec's platform keys (docs/spec.md#draft).
import type { Platform } from '@/lib/drafts/types';

const HOSTS: [RegExp, Platform][] = [
  [/(^|\.)linkedin\.com$/, 'linkedin'],
  [/(^|\.)(x|twitter)\.com$/, 'x'],
  [/(^|\.)(facebook|fb)\.com$/, 'facebook'],
  [/(^|\.)instagram\.com$/, 'instagram'],
  [/(^|\.)tiktok\.com$/, 'tiktok'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'youtube'],
  [/(^|\.)threads\.(net|com)$/, 'threads'],
  [/(^|\.)pinterest\.[a-z.]+$/, 'pinterest'],
  [/(^|\.)github\.com$/, 'github'],
  [/(^|\.)reddit\.com$/, 'reddit'],
  [/(^|\.)producthunt\.com$/, 'producthunt'],
  [/(^|\.)medium\.com$/, 'medium'],
];

const SHARE = /\/(share|sharer|intent|shareArticle|sharing)\b|[?&](u|url)=/i;

/** The platform of a profile link, or null (share buttons and non-profile links are ignored). */
export function platformOf(href: string): Platform | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (SHARE.test(url.pathname + url.search)) return null;
  if (url.pathname === '/' || url.pathname === '') return null;
  const host = url.hostname.toLowerCase();
  return HOSTS.find(([re]) => re.test(host))?.[1] ?? null;
}

/** Personal profile links (for founders) versus company pages. */
export function isPersonalProfile(href: string): boolean {
  return /linkedin\.com\/in\//i.test(href);
}
