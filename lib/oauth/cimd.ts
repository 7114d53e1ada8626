// Client ID metadata documents: the client_id is the URL of a JSON document describing the client.
// Fetched through the guarded fetcher (private addresses refused before connecting), no redirects,
// at most 5 KB, only a 200 answer, and the document must name itself as client_id exactly.
import { guardedFetch, isGuardedFetchError } from '@/lib/net/guarded-fetch';
import type { ClientMetadata } from './clients';
import { OAuthFailure } from './oauth-error';

export const CIMD_MAX_BYTES = 5 * 1024;

const reasons: Record<string, string> = {
  blocked_address: 'it is at a private or reserved network address',
  too_large: `it is larger than ${CIMD_MAX_BYTES / 1024} KB`,
  timeout: 'the server took too long to answer',
  unreachable: 'the server could not be reached',
  bad_url: 'the URL cannot be fetched',
};

export async function fetchClientMetadataDocument(clientId: string): Promise<ClientMetadata> {
  const fail = (why: string) =>
    new OAuthFailure('invalid_client', `The client metadata document at ${clientId} could not be used: ${why}.`);
  let res;
  try {
    res = await guardedFetch(clientId, {
      maxBytes: CIMD_MAX_BYTES,
      maxRedirects: 0,
      timeoutMs: 5_000,
      connectTimeoutMs: 3_000,
      accept: 'application/json',
    });
  } catch (err) {
    if (isGuardedFetchError(err)) throw fail(reasons[err.reason] ?? err.message);
    throw err;
  }
  if (res.status >= 300 && res.status < 400) throw fail('it answered with a redirect, and redirects are not followed');
  if (res.status !== 200) throw fail(`it answered HTTP ${res.status}`);
  let doc: unknown;
  try {
    doc = JSON.parse(res.text());
  } catch {
    throw fail('it is not valid JSON');
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw fail('it is not a JSON object');
  const meta = doc as ClientMetadata & { client_id?: unknown };
  if (meta.client_id !== clientId) throw fail('its client_id is not exactly the document URL');
  const method = meta.token_endpoint_auth_method;
  if (method !== undefined && method !== 'none')
    throw fail(`token_endpoint_auth_method ${String(method)} is not supported (public clients only)`);
  return meta;
}
