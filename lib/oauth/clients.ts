// OAuth clients: dynamic registration (RFC 7591) and client ID metadata documents (a client_id that
// is a URL, fetched and cached). All clients are public (PKCE, no secret).
import { and, count, eq, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { oauthClients, oauthGrants } from '@/db/schema';
import { isScope } from '@/lib/auth/principal';
import { blankIfInvisible, stringProblem } from '@/lib/input/strings';
import { isAllowListed } from '@/lib/net/address-rules';
import { CIMD_CACHE_S, CIMD_FAILURE_CACHE_S, UNUSED_CLIENT_TTL_S, maxUnusedClients } from './config';
import { fetchClientMetadataDocument } from './cimd';
import { OAuthFailure } from './oauth-error';
import { randomToken } from './secrets';

export type OAuthClient = typeof oauthClients.$inferSelect;

const FORBIDDEN_SCHEMES = new Set([
  'javascript:',
  'data:',
  'file:',
  'vbscript:',
  'blob:',
  'about:',
  'ws:',
  'wss:',
  'ftp:',
]);
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export const isLoopbackHost = (host: string) => LOOPBACK.has(host.toLowerCase());

/** https anywhere, http only to loopback (native apps, RFC 8252), or an app's private-use scheme. */
export function redirectUriProblem(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000)
    return 'must be a URL of at most 2000 characters';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not a valid URL';
  }
  if (url.hash || raw.includes('#')) return 'must not contain a fragment';
  if (FORBIDDEN_SCHEMES.has(url.protocol)) return `may not use the ${url.protocol} scheme`;
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    return 'must use https (http is allowed only for localhost)';
  return null;
}

/** A client_id that names its metadata document (https; http only for hosts allow-listed in development). */
export function isMetadataDocumentId(clientId: string): boolean {
  if (clientId.startsWith('https://')) return true;
  if (!clientId.startsWith('http://')) return false;
  try {
    return isAllowListed(new URL(clientId).hostname);
  } catch {
    return false;
  }
}

export type ClientMetadata = {
  client_name?: unknown;
  redirect_uris?: unknown;
  client_uri?: unknown;
  logo_uri?: unknown;
  scope?: unknown;
  grant_types?: unknown;
  response_types?: unknown;
  token_endpoint_auth_method?: unknown;
};

const optionalUrl = (v: unknown, field: string) => {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string' || v.length > 2000 || !/^https?:\/\//.test(v))
    throw new OAuthFailure('invalid_client_metadata', `${field} must be an http(s) URL.`);
  return v;
};

/** Validates client metadata (DCR body or metadata document) into the stored shape. */
export function validateClientMetadata(meta: ClientMetadata) {
  const uris = meta.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > 10) {
    throw new OAuthFailure('invalid_redirect_uri', 'redirect_uris must list 1 to 10 redirect URIs.');
  }
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem)
      throw new OAuthFailure('invalid_redirect_uri', `The redirect URI ${String(uri).slice(0, 200)} ${problem}.`);
  }
  const grants = meta.grant_types ?? ['authorization_code'];
  if (!Array.isArray(grants) || grants.some((g) => g !== 'authorization_code' && g !== 'refresh_token')) {
    throw new OAuthFailure(
      'invalid_client_metadata',
      'Only the authorization_code and refresh_token grants are supported.',
    );
  }
  const responses = meta.response_types ?? ['code'];
  if (!Array.isArray(responses) || responses.some((r) => r !== 'code'))
    throw new OAuthFailure('invalid_client_metadata', 'Only the code response type is supported.');
  const name = typeof meta.client_name === 'string' ? blankIfInvisible(meta.client_name.trim().slice(0, 100)) : '';
  // The consent page shows the name: a direction override could make it read as another app's.
  const nameProblem = stringProblem(name);
  if (nameProblem) throw new OAuthFailure('invalid_client_metadata', `client_name ${nameProblem}`);
  return {
    name: name || new URL(uris[0] as string).hostname || 'Unnamed app',
    redirectUris: [...new Set(uris as string[])],
    clientUri: optionalUrl(meta.client_uri, 'client_uri'),
    logoUri: optionalUrl(meta.logo_uri, 'logo_uri'),
    scope: knownScopes(meta.scope),
  };
}

/**
 * The scopes of this site among those a client names (RFC 7591 lets the server change them; the
 * answer says what was kept). "admin" was stored and echoed as if it meant something here.
 */
function knownScopes(scope: unknown): string | null {
  if (typeof scope !== 'string') return null;
  const known = [...new Set(scope.slice(0, 500).split(/\s+/).filter(isScope))];
  return known.length ? known.join(' ') : null;
}

/** Dynamic clients no user has allowed yet (the ones housekeeping deletes after a day). */
const unused = () =>
  and(
    eq(oauthClients.kind, 'dynamic'),
    notExists(sql`(select 1 from ${oauthGrants} where ${oauthGrants.clientId} = ${oauthClients.id})`),
  );

/** RFC 7591 registration; public clients only, so a requested secret-based method is replaced by "none". */
export async function registerClient(db: Db, meta: ClientMetadata) {
  const valid = validateClientMetadata(meta);
  // Registration is open to anyone: the clients nobody has used yet are capped site-wide.
  const [{ n }] = await db.select({ n: count() }).from(oauthClients).where(unused());
  if (n >= maxUnusedClients())
    throw new OAuthFailure(
      'temporarily_unavailable',
      'Too many apps are waiting to be connected. Try again later.',
      503,
    );
  const [row] = await db
    .insert(oauthClients)
    .values({ id: `pdc_${randomToken(18)}`, kind: 'dynamic', ...valid })
    .returning();
  return {
    client_id: row.id,
    client_id_issued_at: Math.floor(row.createdAt.getTime() / 1000),
    client_name: row.name,
    redirect_uris: row.redirectUris,
    ...(row.clientUri ? { client_uri: row.clientUri } : {}),
    ...(row.logoUri ? { logo_uri: row.logoUri } : {}),
    ...(row.scope ? { scope: row.scope } : {}),
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}

/** Deletes dynamic clients registered more than a day ago that no user ever allowed. */
export async function purgeUnusedClients(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - UNUSED_CLIENT_TTL_S * 1000);
  const rows = await db
    .delete(oauthClients)
    .where(and(unused(), lt(oauthClients.createdAt, cutoff)))
    .returning({ id: oauthClients.id });
  return rows.length;
}

/** Metadata documents that could not be used, remembered briefly so a retry loop does not refetch them. */
const failures = new Map<string, { until: number; failure: OAuthFailure }>();
const MAX_REMEMBERED_FAILURES = 1000;

function rememberFailure(clientId: string, failure: OAuthFailure, now: Date) {
  if (failures.size >= MAX_REMEMBERED_FAILURES) failures.delete(failures.keys().next().value!);
  failures.set(clientId, { until: now.getTime() + CIMD_FAILURE_CACHE_S * 1000, failure });
}

/** The client for a client_id: a registered one, or a metadata document (fetched when not fresh). */
export async function findClient(db: Db, clientId: string, now = new Date()): Promise<OAuthClient | null> {
  if (!clientId || clientId.length > 2000) return null;
  const [row] = await db.select().from(oauthClients).where(eq(oauthClients.id, clientId));
  if (!isMetadataDocumentId(clientId)) return row?.kind === 'dynamic' ? row : null;
  if (row?.fetchedAt && now.getTime() - row.fetchedAt.getTime() < CIMD_CACHE_S * 1000) return row;
  const failed = failures.get(clientId);
  if (failed && failed.until > now.getTime()) throw failed.failure;
  failures.delete(clientId);
  let valid: ReturnType<typeof validateClientMetadata>;
  try {
    valid = validateClientMetadata(await fetchClientMetadataDocument(clientId));
  } catch (err) {
    // A failure is remembered for a short while only (in this process), then fetched again.
    if (err instanceof OAuthFailure) rememberFailure(clientId, err, now);
    throw err;
  }
  const [saved] = await db
    .insert(oauthClients)
    .values({ id: clientId, kind: 'metadata_document', ...valid, fetchedAt: now })
    .onConflictDoUpdate({ target: oauthClients.id, set: { ...valid, fetchedAt: now } })
    .returning();
  return saved;
}

/** A web address on this very machine (a native app's loopback listener, RFC 8252 §7.3). */
export function isLoopbackUri(uri: string): boolean {
  try {
    const url = new URL(uri);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}

/** The hostname a consent page shows for a client, and whether it only ever redirects to localhost. */
export function clientIdentity(client: OAuthClient) {
  const hosts = [...new Set(client.redirectUris.map((u) => safeHost(u)))];
  const host =
    client.kind === 'metadata_document'
      ? safeHost(client.id)
      : (hosts.filter((h) => !isLoopbackHost(h))[0] ?? hosts[0]);
  const localOnly = client.redirectUris.every(isLoopbackUri);
  return { host, redirectHosts: hosts, localOnly };
}

function safeHost(u: string): string {
  try {
    const url = new URL(u);
    return url.host || url.protocol.replace(/:$/, '');
  } catch {
    return u;
  }
}
