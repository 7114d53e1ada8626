// The HTML pages of the authorization endpoint (consent and errors). Rendered by the route handler
// itself so they can never be framed and work wherever the endpoint runs. Every value is escaped.
import { scopeDescriptions, type Scope } from '@/lib/auth/principal';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#fafaf9;color:#1c1917}
main{max-width:28rem;margin:0 auto;padding:2.5rem 1rem}.card{background:#fff;border:1px solid #e7e5e4;border-radius:1rem;padding:1.5rem;box-shadow:0 1px 2px rgb(0 0 0/.04)}
.brand{font-weight:600;color:#57534e;font-size:.875rem;margin-bottom:1rem}h1{font-size:1.25rem;line-height:1.3;margin:0 0 .5rem}
.host{font-family:ui-monospace,monospace;font-size:.9rem;background:#f5f5f4;border-radius:.375rem;padding:.1rem .35rem;overflow-wrap:anywhere}
p{margin:.5rem 0;color:#44403c}ul{padding:0;margin:1rem 0;list-style:none}li{padding:.6rem .75rem;border:1px solid #e7e5e4;border-radius:.5rem;margin-bottom:.5rem}
li b{display:block;font-size:.9rem}li span{font-size:.85rem;color:#57534e}.warn{background:#fffbeb;border:1px solid #fcd34d;color:#78350f;border-radius:.5rem;padding:.75rem;font-size:.9rem;margin:1rem 0}
.actions{display:flex;gap:.75rem;margin-top:1.25rem}button{flex:1;font:inherit;font-weight:600;border-radius:.6rem;padding:.7rem 1rem;cursor:pointer;border:1px solid #d6d3d1;background:#fff;color:#1c1917}
button.allow{background:#1c1917;border-color:#1c1917;color:#fff}button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}.small{font-size:.8rem;color:#78716c;margin-top:1rem}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="same-origin"><title>${escapeHtml(title)} · Product Directory</title><style>${STYLE}</style></head><body><main><div class="card"><div class="brand">Product Directory</div>${body}</div></main></body></html>`;
}

/** Headers that keep the page out of frames (clickjacking) and caches. */
export function pageHeaders(formTarget?: string): Record<string, string> {
  const formAction = ["'self'", formTarget].filter(Boolean).join(' ');
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    'referrer-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
  };
}

export function errorPage(title: string, message: string, status = 400): Response {
  const body = `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p class="small">Go back to the app you were connecting and try again. If it keeps happening, the app may be misconfigured.</p>`;
  return new Response(layout(title, body), { status, headers: pageHeaders() });
}

export type ConsentView = {
  consentId: string;
  clientName: string;
  host: string;
  redirectHosts: string[];
  localOnly: boolean;
  verifiedById: boolean;
  scopes: Scope[];
  /** Scopes the app holds from an earlier consent, which the new token carries too. */
  kept: Scope[];
  userEmail: string | null;
  redirectOrigin: string;
};

export function consentPage(v: ConsentView): Response {
  const list = (scopes: Scope[]) =>
    scopes.map((s) => `<li><b>${escapeHtml(s)}</b><span>${escapeHtml(scopeDescriptions[s])}</span></li>`).join('');
  const kept = v.kept.length
    ? `<p>It keeps what you allowed it before (its new access carries these too; disconnect the app under Account → Connected apps to take them back):</p>
<ul>${list(v.kept)}</ul>`
    : '';
  const warning = v.localOnly
    ? `<div class="warn" role="alert"><b>This app runs on a computer, not a website.</b> It only sends you back to this computer (<span class="host">${escapeHtml(v.redirectHosts.join(', '))}</span>), so its name cannot be checked. Allow it only if you started it yourself just now.</div>`
    : '';
  const back = `<p>After you choose, you go back to <span class="host">${escapeHtml(v.redirectHosts.join(', '))}</span>.</p>`;
  const where = v.verifiedById
    ? `<p>The app is identified by <span class="host">${escapeHtml(v.host)}</span>.</p>${back}`
    : back;
  // A metadata document on one host may name redirect URIs on another: say so before the user allows it.
  const elsewhere = v.verifiedById && !v.localOnly ? v.redirectHosts.filter((h) => h !== v.host) : [];
  const mismatch = elsewhere.length
    ? `<div class="warn" role="alert"><b>This app sends you back to a different site.</b> It is identified by <span class="host">${escapeHtml(v.host)}</span> but returns to <span class="host">${escapeHtml(elsewhere.join(', '))}</span>. Allow it only if you trust that site too.</div>`
    : '';
  const body = `
<h1><span>${escapeHtml(v.clientName)}</span> wants to use your Product Directory account</h1>
${where}
${mismatch}
${warning}
<p>It asks to:</p>
<ul>${list(v.scopes)}</ul>
${kept}
<p class="small">Signed in as ${escapeHtml(v.userEmail ?? 'you')}. You can disconnect the app at any time under Account → Connected apps. It gets only the access listed here, never your sign-in, and payments always happen on this site.</p>
<form method="post" action="/oauth/authorize">
<input type="hidden" name="consent_id" value="${escapeHtml(v.consentId)}">
<div class="actions"><button type="submit" name="decision" value="deny">Deny</button><button type="submit" name="decision" value="allow" class="allow">Allow access</button></div>
</form>`;
  return new Response(layout(`Allow ${v.clientName}?`, body), { status: 200, headers: pageHeaders(v.redirectOrigin) });
}
