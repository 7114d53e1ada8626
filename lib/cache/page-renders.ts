// Renders of a public page watched by the page cache (lib/site/page-cache.ts and the front door): a
// render for the cache, asked of this server over loopback, or a new search page Next renders for its
// one visitor. The request carries a header naming a render registered here; while the page renders,
// every cached read (./cached-read.ts) adds its tags to that render's set, so a stored page expires
// with the data it shows, and reads fresh values (a page being cached never keeps stale data). A page
// that must be answered with a server error status (the search page while the database protects
// itself) says so with markRenderStatus: a page component cannot set its response's status in the
// App Router. The registry is on globalThis: the proxy and the pages are separate bundles of one process.
import { randomUUID } from 'node:crypto';
import { headers } from 'next/headers';

export const PAGE_RENDER_HEADER = 'x-page-render';

export type PageRender = {
  /** The tags of the data the page read. */
  tags: Set<string>;
  /** The CSP nonce and request id the page is rendered with, replaced by fresh ones on each hit. */
  nonce: string;
  requestId: string;
  /** A server error status the page asked to be answered with (markRenderStatus): such a page is never kept. */
  status?: number;
};

const g = globalThis as unknown as { __pageRenders?: Map<string, PageRender> };
const renders = () => (g.__pageRenders ??= new Map());

/** Registers a render until `done` runs; its id goes in PAGE_RENDER_HEADER. */
export function startPageRender(render: PageRender): { id: string; done: () => void } {
  const id = randomUUID();
  renders().set(id, render);
  return { id, done: () => renders().delete(id) };
}

/** The registered render named by a request's header (an unknown id is nobody's render). */
export function pageRenderOf(id: string | null): PageRender | undefined {
  return id ? renders().get(id) : undefined;
}

/** The render this request is, when the page cache asked for it (only then: no other request pays for the lookup). */
export async function currentPageRender(): Promise<PageRender | undefined> {
  if (renders().size === 0) return undefined;
  try {
    return pageRenderOf((await headers()).get(PAGE_RENDER_HEADER));
  } catch {
    return undefined; // outside a request (a background rebuild)
  }
}

/** Has the page being rendered answered with a server error status (and never kept); outside a watched render, nothing. */
export async function markRenderStatus(status: number): Promise<void> {
  const render = await currentPageRender();
  if (render) render.status = status;
}
