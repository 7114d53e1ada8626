// Preloaded into the Next server by `npm start` (node --import), like socket-address.mjs: answers
// before Next sees them the requests Next would turn into a 500 (docs/decisions.md#usability-and-robustness).
// - TRACE, TRACK and CONNECT: Next builds a fetch Request for every call, and fetch refuses these
//   methods with a TypeError. They are answered 405 with Allow.
// - An API path with a malformed percent-escape (/api/v1/drafts/%E0%A4%A): Next decodes the route's
//   params before our handler runs and fails. Answered 400 problem+json, as lib/http/rest.ts answers
//   it in-process (the same decodeURIComponent check as lib/input/path.ts; a plain .mjs cannot import it).
// - An API query with a malformed percent-escape (?q=%ZZ): Next re-encodes the query before our
//   handler sees it (%ZZ arrives as the text "%ZZ"), so it is refused here, 400 as in lib/http/rest.ts.
// - An API or MCP request with two Authorization or two Idempotency-Key headers: Node keeps the first
//   Authorization and drops the rest, and joins the Idempotency-Keys with ", ", so the request would run
//   as one of two accounts, or under a key nobody sent. Answered 400 problem+json.
import http from 'node:http';

export const REFUSED_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);
const ALLOW = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const PATCHED = Symbol.for('product-directory.refuse-requests');

function pathDecodes(rawPath) {
  return rawPath.split('/').every((segment) => {
    try {
      decodeURIComponent(segment);
      return true;
    } catch {
      return false;
    }
  });
}

function queryDecodes(rawQuery) {
  return rawQuery.split(/[&=]/).every((part) => {
    try {
      decodeURIComponent(part.replace(/\+/g, ' '));
      return true;
    } catch {
      return false;
    }
  });
}

function problem(res, status, code, detail, headers = {}) {
  const title = status === 405 ? 'Method Not Allowed' : 'Bad Request';
  res.writeHead(status, {
    'content-type': 'application/problem+json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(JSON.stringify({ type: `https://productdirectory.dev/problems/${code}`, title, status, detail, code }));
}

const SINGLE_HEADERS = { authorization: 'Authorization', 'idempotency-key': 'Idempotency-Key' };

/** The first of SINGLE_HEADERS sent more than once, by its name as written in messages. */
function repeatedHeader(rawHeaders) {
  const seen = new Set();
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    if (!(name in SINGLE_HEADERS)) continue;
    if (seen.has(name)) return SINGLE_HEADERS[name];
    seen.add(name);
  }
  return null;
}

/** Answers the request and returns true when it is one of the refused kinds. */
export function refuseRequest(req, res) {
  if (REFUSED_METHODS.has(req.method)) {
    problem(res, 405, 'method_not_allowed', `${req.method} is not allowed.`, { allow: ALLOW });
    return true;
  }
  const [path, ...rest] = (req.url ?? '/').split('?');
  if (path.startsWith('/api/') || path === '/mcp' || path.startsWith('/mcp/')) {
    const repeated = repeatedHeader(req.rawHeaders ?? []);
    if (repeated) {
      problem(res, 400, 'bad_request', `Send one ${repeated} header; this request has more than one.`);
      return true;
    }
  }
  if (path.startsWith('/api/') && !pathDecodes(path)) {
    problem(res, 400, 'bad_request', 'The path contains a malformed percent-escape.');
    return true;
  }
  if (path.startsWith('/api/') && !queryDecodes(rest.join('?'))) {
    problem(res, 400, 'bad_request', 'The query string contains a malformed percent-escape.');
    return true;
  }
  return false;
}

if (!globalThis[PATCHED]) {
  globalThis[PATCHED] = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, ...args) {
    if (event === 'request' && refuseRequest(args[0], args[1])) return true;
    return emit.call(this, event, ...args);
  };
}
