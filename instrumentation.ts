export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { boot } = await import('./lib/boot/boot');
  await boot();
}

/** Every server error once in the log, under the id the 500 page shows (the digest). */
export function onRequestError(err: unknown, request: { path: string; method: string }) {
  const digest = (err as { digest?: string } | null)?.digest ?? 'none';
  console.error(`[request-error] id=${digest} ${request.method} ${request.path}:`, err);
}
