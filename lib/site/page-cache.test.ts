import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { isCacheablePageRequest } from './page-cache';

const req = (path: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
  new NextRequest(`http://localhost${path}`, init);

describe('isCacheablePageRequest', () => {
  it('takes the public pages asked for by a visitor without a session', () => {
    for (const path of [
      '/',
      '/p/ledgerly',
      '/p/ledgerly/story',
      '/leaderboard',
      '/leaderboard/2026-W48?page=2',
      '/c/productivity',
      '/categories',
      '/founders/ada',
      '/search?q=ledger',
      '/upcoming',
      '/updates',
      '/pricing',
      '/interview',
    ])
      expect(isCacheablePageRequest(req(path)), path).toBe(true);
    const signInFormOnly = { cookie: 'authjs.csrf-token=abc; __Secure-authjs.callback-url=%2F' };
    expect(isCacheablePageRequest(req('/', { headers: signInFormOnly }))).toBe(true);
  });

  it('leaves to Next whatever may be personal or is not the page document', () => {
    const cases: [string, Parameters<typeof req>[1]][] = [
      ['/account', {}],
      ['/admin', {}],
      ['/signin', {}],
      ['/checkout/1', {}],
      ['/p/a/b/c', {}],
      ['/', { headers: { cookie: 'authjs.session-token=x' } }],
      ['/', { headers: { cookie: '__Secure-authjs.session-token=x' } }],
      ['/p/ledgerly', { headers: { cookie: 'pd_intent_done=vote:1:1' } }],
      ['/', { headers: { rsc: '1' } }],
      ['/?_rsc=abc', {}],
      ['/', { headers: { 'next-action': 'abc' } }],
      ['/', { headers: { 'next-router-prefetch': '1' } }],
      ['/', { headers: { 'x-page-render': 'some-id' } }],
      ['/', { method: 'POST' }],
      ['/', { method: 'HEAD' }],
    ];
    for (const [path, init] of cases)
      expect(isCacheablePageRequest(req(path, init)), `${path} ${JSON.stringify(init)}`).toBe(false);
  });
});
