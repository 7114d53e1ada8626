// One client IP for every rate limit: the socket address (stamped by the server preload), or the hop
// the configured number of trusted proxies added to X-Forwarded-For; never the caller's own claim.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import * as preload from '@/scripts/socket-address.mjs';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';
import { clientIp, SOCKET_ADDRESS_HEADER, trustedProxyHops } from '@/lib/client-ip';

await useTestDatabase();
const app = await useApp();

afterEach(() => {
  delete process.env.TRUST_PROXY;
});

const register = (forwardedFor: string) =>
  fetch(`${app.url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ client_name: 'Rotating Agent', redirect_uris: ['https://agent.example/callback'] }),
  }).then((r) => r.status);

describe('clientIp', () => {
  it('names the same header as the server preload', () => {
    expect(preload.SOCKET_ADDRESS_HEADER).toBe(SOCKET_ADDRESS_HEADER);
  });

  it('takes the socket address stamped by the preload, whatever the caller claims', async () => {
    const server = http.createServer((req, res) =>
      res.end(clientIp(new Headers(req.headers as Record<string, string>))),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { [SOCKET_ADDRESS_HEADER]: '6.6.6.6', 'x-forwarded-for': '7.7.7.7', 'x-real-ip': '8.8.8.8' },
      });
      expect(await res.text()).toBe('127.0.0.1');
    } finally {
      server.close();
    }
  });

  it('uses the hop added by the n-th trusted proxy from the right, and nothing left of it', () => {
    const h = new Headers({ 'x-forwarded-for': '1.1.1.1, 2.2.2.2, 3.3.3.3', [SOCKET_ADDRESS_HEADER]: '10.0.0.1' });
    expect(clientIp(h, {})).toBe('10.0.0.1');
    expect(clientIp(h, { TRUST_PROXY: '0' })).toBe('10.0.0.1');
    expect(clientIp(h, { TRUST_PROXY: '1' })).toBe('3.3.3.3');
    expect(clientIp(h, { TRUST_PROXY: '2' })).toBe('2.2.2.2');
    // Fewer hops than proxies: the request did not come through them all; fall back to the socket.
    expect(clientIp(h, { TRUST_PROXY: '4' })).toBe('10.0.0.1');
    expect(
      clientIp(new Headers({ 'x-forwarded-for': 'not-an-ip', [SOCKET_ADDRESS_HEADER]: '10.0.0.1' }), {
        TRUST_PROXY: '1',
      }),
    ).toBe('10.0.0.1');
    expect(trustedProxyHops({ TRUST_PROXY: 'yes' })).toBe(0);
  });
});

describe('dynamic client registration limit (30 per hour per client IP)', () => {
  it('is not defeated by rotating X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push(await register(`198.51.100.${i + 1}`));
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
  });

  it('with TRUST_PROXY=1 counts the right-most hop, not the ones the caller wrote', async () => {
    process.env.TRUST_PROXY = '1';
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push(await register(`198.51.100.${i + 1}, 203.0.113.7`));
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    // Another client behind the same proxy has its own bucket.
    expect(await register('198.51.100.1, 203.0.113.8')).toBe(201);
  });
});
