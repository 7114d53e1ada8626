// A signed-in visitor who only reads cached pages never reaches Auth.js, which extends a session (in
// the database and in its cookie, past its 30 days) when it reads it: such a visitor was signed out
// after 30 days however often they came. So a cached page given an account asks Auth.js's own session
// endpoint, at most twice a day per browser (Auth.js writes the new expiry once a day: updateAge).
const REFRESHED_AT = 'session-refreshed-at';
const EVERY_MS = 12 * 60 * 60 * 1000;

export function keepSessionAlive(now = Date.now()): void {
  try {
    const last = Number(localStorage.getItem(REFRESHED_AT));
    if (last && now - last < EVERY_MS && last <= now) return;
    localStorage.setItem(REFRESHED_AT, String(now));
  } catch {
    // Storage refused (a private window's policy): ask anyway; it is one small read.
  }
  void fetch('/api/auth/session', { credentials: 'same-origin', cache: 'no-store' }).catch(() => {});
}
