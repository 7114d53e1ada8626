import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { accountMarkup, isCacheablePageRequest } from './page-cache';

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

describe('accountMarkup', () => {
  const account = { name: 'Ada', email: 'ada@example.com', image: null, admin: false };
  /** Runs the markup's script as a page would, against a stand-in of `self`. */
  function run(markup: string) {
    const self: Record<string, unknown> = {};
    const body = /<script[^>]*>([^]*)<\/script>$/.exec(markup)![1];
    new Function('self', body)(self);
    return self.__headerAccount;
  }
  const styleOf = (markup: string) => /^<style[^>]*>([^<]*)<\/style>/.exec(markup)?.[1];

  it("shows the account's initial in place of Sign in by a style (no script needed), and gives the script the account, under the answer's nonce", () => {
    const markup = accountMarkup(account, 'n0nce');
    expect(markup).toMatch(
      /^<style id="account-given" nonce="n0nce">[^<]*<\/style><script nonce="n0nce">[^<]*<\/script>$/,
    );
    expect(styleOf(markup)).toBe(
      'html .account-signin{display:none}html .account-pending{display:block}html .account-pending>span::before{content:"A"}',
    );
    expect(run(markup)).toEqual(account);
  });

  it('keeps a name that is markup or script inside its string, and out of the style', () => {
    const name = '</script><style></style><script>alert(1)</script>\u2028"\'\\';
    const markup = accountMarkup({ ...account, name }, 'n');
    expect(markup.match(/<\/script>/gi)).toHaveLength(1);
    expect(markup.match(/<\/style>/gi)).toHaveLength(1);
    expect(run(markup)).toEqual({ ...account, name });
    // A name that begins with no letter or digit shows "?": nothing of it reaches the style.
    expect(styleOf(accountMarkup({ ...account, name: '"x' }, 'n'))).toContain('content:"?"');
    expect(styleOf(accountMarkup({ ...account, name: 'émile' }, 'n'))).toContain('content:"É"');
  });
});
