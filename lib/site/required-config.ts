// Settings a production server cannot run safely without. Checked at boot (instrumentation.ts) and
// again by the Auth.js config, so a misconfigured server fails loudly instead of building sign-in
// links from whatever Host header a caller sends.

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Throws a ConfigError naming what is missing; returns quietly outside production. */
export function assertRequiredConfig(env: Record<string, string | undefined> = process.env): void {
  if (env.NODE_ENV !== 'production' || env.NEXT_PHASE === 'phase-production-build') return;
  const url = env.APP_URL;
  if (!url) {
    throw new ConfigError(
      'APP_URL is not set. In production the site needs its public origin (e.g. APP_URL=https://directory.example.com): sign-in links, OAuth and MCP URLs are built from it, never from the request.',
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError(`APP_URL is not a URL: ${JSON.stringify(url)}.`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new ConfigError(`APP_URL must be an http(s) origin, not ${parsed.protocol}.`);
}
