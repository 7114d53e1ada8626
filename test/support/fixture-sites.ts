// Serves the fixture websites of test/fixtures/sites on 127.0.0.1, each on its own port, with
// optional behaviours (robots.txt answering 503, slow, oversized or redirecting pages).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../fixtures/sites');

export type FixtureOptions = {
  /** Paths answered by custom handlers (take precedence over files). */
  routes?: Record<string, (req: http.IncomingMessage, res: http.ServerResponse) => void>;
  /** Delay every response by this many ms (a slow site). */
  delayMs?: number;
  /** Listen on this port (e.g. to bring a site back up). */
  port?: number;
};

export type FixtureSite = { url: string; requests: string[]; close: () => Promise<void> };

function fileFor(site: string, pathname: string): string | null {
  const clean = pathname.replace(/\/+$/, '') || '/index';
  const candidates = [clean, `${clean}.html`, `${clean}/index.html`].map((p) => path.join(root, site, p));
  return (
    candidates.find((f) => f.startsWith(path.join(root, site)) && fs.existsSync(f) && fs.statSync(f).isFile()) ?? null
  );
}

export async function startFixtureSite(site: string | null, opts: FixtureOptions = {}): Promise<FixtureSite> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    requests.push(url.pathname);
    const respond = () => {
      const custom = opts.routes?.[url.pathname];
      if (custom) return custom(req, res);
      const file = site ? fileFor(site, url.pathname) : null;
      if (!file) return res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      const types: Record<string, string> = {
        '.txt': 'text/plain',
        '.html': 'text/html; charset=utf-8',
        '.png': 'image/png',
        '.jpg': 'image/jpeg',
      };
      const type = types[path.extname(file)] ?? 'application/octet-stream';
      res.writeHead(200, { 'content-type': type }).end(fs.readFileSync(file));
    };
    if (opts.delayMs) setTimeout(respond, opts.delayMs).unref();
    else respond();
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** The guard is switched off for 127.0.0.1 in this test process only. */
export function allowLoopbackCrawling() {
  process.env.CRAWLER_ALLOW_PRIVATE_HOSTS = '127.0.0.1';
}

export const html = (body: string, title = 'Page') =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;
