// The connect-time half of the SSRF guard: every address a host name resolves to is checked
// before a socket is opened (so DNS rebinding between check and connect is impossible), and IP
// literals are checked directly. Used as the `connect` of an undici Agent.
import dns from 'node:dns';
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import { buildConnector } from 'undici';
import { checkAddress, isAllowListed, isIpLiteral } from './address-rules';

export class BlockedAddressError extends Error {
  readonly code = 'ERR_BLOCKED_ADDRESS';
  constructor(
    readonly host: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(`${host} resolves to ${address} (${range}), which is not a public internet address.`);
    this.name = 'BlockedAddressError';
  }
}

function verdictError(host: string, address: string): BlockedAddressError | null {
  // The allow-list names hosts (or IP literals as typed in the URL), never resolved addresses.
  if (isAllowListed(host)) return null;
  const verdict = checkAddress(address);
  return verdict.allowed ? null : new BlockedAddressError(host, address, verdict.range);
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A dns.lookup replacement that refuses when ANY resolved address is not public. */
export function guardedLookup(
  hostname: string,
  options: LookupOneOptions | LookupAllOptions,
  callback: LookupCallback,
) {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    if (addresses.length === 0)
      return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), []);
    for (const a of addresses) {
      const blocked = verdictError(hostname, a.address);
      if (blocked) return callback(blocked as NodeJS.ErrnoException, []);
    }
    if ((options as LookupAllOptions).all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}

export function guardedConnector(timeoutMs: number): buildConnector.connector {
  const base = buildConnector({ timeout: timeoutMs, lookup: guardedLookup } as buildConnector.BuildOptions);
  return (options, callback) => {
    const host = options.hostname.replace(/^\[|\]$/g, '');
    // Node skips lookup for IP literals, so they are checked here.
    if (isIpLiteral(host)) {
      const blocked = verdictError(host, host);
      if (blocked) return callback(blocked, null);
    }
    const port = Number(options.port || (options.protocol === 'https:' ? 443 : 80));
    if (port !== 80 && port !== 443 && !isAllowListed(host)) {
      return callback(new BlockedAddressError(host, `port ${port}`, 'port'), null);
    }
    base(options, callback);
  };
}
