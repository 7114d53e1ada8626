// submit_listing: checks the URL is a public website, creates the draft (status crawling) and
// queues the build. Nothing is published or charged.
import { randomBytes } from 'node:crypto';
import dns from 'node:dns/promises';
import { and, eq, inArray } from 'drizzle-orm';
import { drafts } from '@/db/schema';
import { fieldError } from '@/lib/errors/app-error';
import { sendJob } from '@/lib/jobs/send';
import { refuseListedWebsite } from '@/lib/owner-listings/same-website';
import { checkAddress, isAllowListed, isIpLiteral } from '@/lib/net/address-rules';
import type { AuthedContext } from '@/lib/context';
import { emptyFields } from './fields';
import { draftView } from './queries';
import { enforceDraftQuota } from './quota';

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
export function newDraftId(): string {
  const bytes = randomBytes(20);
  return `drf_${[...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

const notPublic = (message: string) => fieldError('url', message, 'blocked_address');

/** The submitted URL in canonical form, or a 422 naming `url`. */
export function normalizeSiteUrl(raw: string): URL {
  const input = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw fieldError('url', 'Enter the address of your website, e.g. https://example.com.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw fieldError('url', 'Use an http:// or https:// address.');
  if (url.username || url.password) throw fieldError('url', 'Addresses with a user name or password are not accepted.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const allowed = isAllowListed(host);
  // What the host is comes first: a port is not why 127.0.0.1:4010 or localhost:3000 is refused.
  if (!allowed && isIpLiteral(host) && !checkAddress(host).allowed)
    throw notPublic(`${host} is not a public internet address.`);
  if (!isIpLiteral(host) && !isHostName(host))
    throw fieldError('url', `${host} is not a valid website name (check its dots and hyphens).`);
  if (!allowed && !isIpLiteral(host) && !host.includes('.')) throw notPublic(`${host} is not a public website.`);
  if (!allowed && /\.(local|localhost|internal|intranet|lan|home\.arpa|test|invalid|example)$/i.test(host))
    throw notPublic(`${host} is not a public website.`);
  if (!allowed && url.port && url.port !== '80' && url.port !== '443')
    throw notPublic('Only websites on the standard ports (80, 443) can be read.');
  url.hash = '';
  return url;
}

/** DNS host name rules (RFC 1123, as punycode): labels of 1–63 letters, digits, hyphens (none at either end) or underscores (some sites have them); a final dot allowed. */
const isHostName = (host: string) =>
  host.length <= 253 &&
  host
    .replace(/\.$/, '')
    .split('.')
    .every((label) => /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/i.test(label));

/** Refuses addresses that resolve to private, local or special ranges (the crawler re-checks at connect time). */
async function assertPublicHost(url: URL) {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isAllowListed(host)) return;
  if (isIpLiteral(host)) {
    const v = checkAddress(host);
    if (!v.allowed) throw notPublic(`${host} is not a public internet address.`);
    return;
  }
  const addresses = await Promise.race([
    dns.lookup(host, { all: true }).catch(() => []),
    new Promise<[]>((r) => setTimeout(() => r([]), 3_000).unref()),
  ]);
  for (const a of addresses) {
    if (!checkAddress(a.address).allowed)
      throw notPublic(`${host} points to a private or local address, not a public website.`);
  }
}

export async function submitUrl(ctx: AuthedContext, raw: string) {
  const url = normalizeSiteUrl(raw.trim());
  await assertPublicHost(url);
  const ownerId = ctx.principal.userId;
  const normalized = url.toString();
  const [existing] = await ctx.db
    .select()
    .from(drafts)
    .where(
      and(
        eq(drafts.ownerId, ownerId),
        eq(drafts.url, normalized),
        inArray(drafts.status, ['crawling', 'drafting', 'ready']),
      ),
    );
  if (existing) return draftView(ctx.db, existing);
  await refuseListedWebsite(ctx.db, { siteId: ctx.site.id, url: normalized, userId: ownerId });
  await enforceDraftQuota(ctx.db, ownerId, ctx.now);
  const [row] = await ctx.db
    .insert(drafts)
    .values({
      id: newDraftId(),
      ownerId,
      url: normalized,
      status: 'crawling',
      phase: 'queued',
      fields: emptyFields(),
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  await sendJob({ name: 'drafts/submitted', data: { draft_id: row.id, owner_id: row.ownerId } }, { db: ctx.db });
  return draftView(ctx.db, row);
}
