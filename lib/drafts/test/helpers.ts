// Shared by the drafts tests: REST calls as one account, and waiting for a draft to finish.
import { expect } from 'vitest';
import type { DraftView } from '../types';

// Response bodies are `any`: the tests check them field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyBody = any;
export type Caller = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<{ status: number; body: AnyBody; headers: Headers }>;

export function caller(baseUrl: string, auth: Record<string, string>): Caller {
  return async (method, path, body, headers = {}) => {
    const res = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: { ...auth, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  };
}

/** Polls get_draft like a client would until the draft is ready or failed. */
export async function waitForDraft(call: Caller, id: string, timeoutMs = 20_000): Promise<DraftView> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await call('GET', `/drafts/${id}`);
    expect(res.status).toBe(200);
    if (res.body.status !== 'crawling' && res.body.status !== 'drafting') return res.body;
    if (Date.now() > until) throw new Error(`draft ${id} still ${res.body.status} (${res.body.progress.phase})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
