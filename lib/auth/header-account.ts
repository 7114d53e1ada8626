// The account a visitor is signed in to, as the site header shows it (components/account-menu.tsx,
// a client component: nothing here reads the database). A page rendered for no one (the page cache)
// is given it as it is served (./session-account.ts).

export type HeaderAccount = { name: string | null; email: string | null; image: string | null; admin: boolean };

/** The global a page from the page cache is given the account in (lib/site/page-cache.ts accountMarkup). */
export const ACCOUNT_GLOBAL = '__headerAccount';
/** The id of the style that shows such a page's account in the header (dropped on sign-out). */
export const ACCOUNT_STYLE_ID = 'account-given';

/** Auth.js's session cookies: the `__Secure-` one on an https site, the plain one over http. */
export const SESSION_COOKIES = ['__Secure-authjs.session-token', 'authjs.session-token'] as const;

/**
 * The session token among the request's cookies. On an https site only the `__Secure-` cookie
 * counts: a browser accepts that name only from a secure origin, while a plain
 * `authjs.session-token` could have been planted over http (or by a sibling subdomain).
 */
export function sessionTokenOf(cookie: (name: string) => string | undefined, https: boolean): string | null {
  const names = https ? SESSION_COOKIES.slice(0, 1) : SESSION_COOKIES;
  return names.map((name) => cookie(name)).find(Boolean) ?? null;
}

/** What names the account in the header: its name, else its email. */
const accountLabel = (account: HeaderAccount) => account.name || account.email || 'Account';

/** The letter on the account's round badge: the label's first letter or digit, else "?". */
export function accountInitial(account: HeaderAccount): string {
  const first = accountLabel(account).trim().charAt(0).toUpperCase();
  return /^[\p{L}\p{N}]$/u.test(first) ? first : '?';
}

/**
 * The Set-Cookie value that moves the session cookie's expiry on, with Auth.js's own attributes for its
 * session cookie (HttpOnly, SameSite=Lax, Path=/, Secure and the `__Secure-` name on an https site).
 * Null for a token that is not a plain token: only a value Auth.js made is written back.
 */
export function sessionCookie(token: string, expires: Date, https: boolean): string | null {
  if (!/^[\w.-]{1,200}$/.test(token)) return null;
  const name = https ? SESSION_COOKIES[0] : SESSION_COOKIES[1];
  return `${name}=${token}; Path=/; Expires=${expires.toUTCString()}; HttpOnly; SameSite=Lax${https ? '; Secure' : ''}`;
}
