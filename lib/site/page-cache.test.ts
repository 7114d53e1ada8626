import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { accountScript, isCacheablePageRequest } from './page-cache';

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

  it('takes them for a signed-in visitor too, but for a product page (their own vote and follow)', () => {
    const session = { cookie: 'authjs.session-token=x; authjs.csrf-token=abc' };
    const secure = { cookie: '__Secure-authjs.session-token=x' };
    for (const path of ['/', '/search?q=ledger', '/leaderboard', '/c/productivity', '/founders/ada', '/pricing'])
      for (const headers of [session, secure]) expect(isCacheablePageRequest(req(path, { headers })), path).toBe(true);
    for (const path of ['/p/ledgerly', '/p/ledgerly/story'])
      for (const headers of [session, secure]) expect(isCacheablePageRequest(req(path, { headers })), path).toBe(false);
  });

  it('leaves to Next whatever may be personal or is not the page document', () => {
    const cases: [string, Parameters<typeof req>[1]][] = [
      ['/account', {}],
      ['/admin', {}],
      ['/signin', {}],
      ['/checkout/1', {}],
      ['/p/a/b/c', {}],
      ['/', { headers: { cookie: 'authjs.session-token=x; theme=dark' } }],
      ['/', { headers: { cookie: 'authjs.session-token.0=x' } }],
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

describe('accountScript', () => {
  const account = { name: 'Ada', email: 'ada@example.com', image: null, admin: false };
  /** Runs the script as a page would, against a stand-in of `self` and `document`. */
  function run(script: string) {
    const self: Record<string, unknown> = {};
    const dataset: Record<string, string> = {};
    const style = new Map<string, string>();
    const documentElement = { dataset, style: { setProperty: (k: string, v: string) => style.set(k, v) } };
    const body = script.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');
    new Function('self', 'document', body)(self, { documentElement });
    return { account: self.__headerAccount, dataset, style };
  }

  it("gives the page the account and marks <html> for the header, under the answer's nonce", () => {
    const script = accountScript(account, 'n0nce');
    expect(script).toMatch(/^<script nonce="n0nce">[^<]*<\/script>$/);
    const page = run(script);
    expect(page.account).toEqual(account);
    expect(page.dataset.account).toBe('');
    expect(page.style.get('--account-initial')).toBe('"A"');
  });

  it('keeps a name that is markup or script inside its string', () => {
    const name = '</script><script>alert(1)</script>\u2028"\'\\';
    const script = accountScript({ ...account, name }, 'n');
    expect(script.match(/<\/script>/gi)).toHaveLength(1);
    expect(run(script).account).toEqual({ ...account, name });
    // A name that begins with no letter or digit shows "?": nothing of it reaches the style.
    expect(run(accountScript({ ...account, name: '"x' }, 'n')).style.get('--account-initial')).toBe('"?"');
  });
});
