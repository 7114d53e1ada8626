// Renders of a public page for the page cache (lib/site/page-cache.ts). The cache asks this server
// for the page over loopback with a header naming a render registered here; while the page renders,
// every cached read (./cached-read.ts) adds its tags to that render's set, so the stored page expires
// with the data it shows, and reads fresh values (a page being cached never keeps stale data).
// The registry is on globalThis: the proxy and the pages are separate bundles of one process.
import { randomUUID } from 'node:crypto';
import { headers } from 'next/headers';

export const PAGE_RENDER_HEADER = 'x-page-render';

export type PageRender = {
  /** The tags of the data the page read. */
  tags: Set<string>;
  /** The CSP nonce and request id the page is rendered with, replaced by fresh ones on each hit. */
  nonce: string;
  requestId: string;
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
