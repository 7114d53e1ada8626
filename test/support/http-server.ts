// Serves fetch-style handlers over a real socket on 127.0.0.1 for tests.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll } from 'vitest';
// Stamps each request's socket address, as `npm start` does for the Next server (lib/client-ip.ts).
import '@/scripts/socket-address.mjs';

export type FetchHandler = (request: Request) => Promise<Response>;
export type Route = { prefix: string; handler: FetchHandler };

export type TestServer = { url: string; close: () => Promise<void> };

export async function startServer(routes: Route[]): Promise<TestServer> {
  const server = http.createServer(async (req, res) => {
    try {
      const origin = `http://${req.headers.host}`;
      const url = new URL(req.url ?? '/', origin);
      const route = routes.find((r) => url.pathname.startsWith(r.prefix));
      if (!route) {
        res.writeHead(404).end('no route');
        return;
      }
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
        else if (v !== undefined) headers.set(k, v);
      }
      // As Next does (signalFromNodeResponse): the request's signal aborts when the client goes
      // away before the response is finished.
      const gone = new AbortController();
      res.once('close', () => {
        if (!res.writableFinished) gone.abort();
      });
      const request = new Request(url, {
        method: req.method,
        headers,
        signal: gone.signal,
        body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
        duplex: 'half',
      } as RequestInit);
      const response = await route.handler(request);
      const outHeaders: Record<string, string | string[]> = {};
      response.headers.forEach((value, key) => {
        if (key === 'set-cookie') return;
        outHeaders[key] = value;
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) outHeaders['set-cookie'] = cookies;
      // A handler that refused a body without reading it (413) leaves the socket unusable for keep-alive.
      if (hasBody && !req.complete) outHeaders.connection = 'close';
      res.writeHead(response.status, outHeaders);
      if (response.body) {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
      }
      res.end();
    } catch (err) {
      console.error(err);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Starts a server for the test file and stops it afterwards. */
export async function useServer(routes: Route[]): Promise<TestServer> {
  const server = await startServer(routes);
  afterAll(() => server.close());
  return server;
}
