export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { boot } = await import('./lib/boot/boot');
  await boot();
}

/** Every server error once in the log, under the ids the 500 page shows: the request's (proxy.ts) and the error's digest. */
export function onRequestError(
  err: unknown,
  request: { path: string; method: string; headers: Record<string, string | string[] | undefined> },
) {
  const digest = (err as { digest?: string } | null)?.digest ?? 'none';
  const id = request.headers['x-request-id'] ?? 'none';
  console.error(`[request-error] request=${id} digest=${digest} ${request.method} ${request.path}:`, err);
}
