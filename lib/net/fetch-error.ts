// Why a guarded fetch gave up. The reasons double as draft failure reasons.
export type FetchFailure =
  'blocked_address' | 'unreachable' | 'timeout' | 'too_large' | 'not_html' | 'too_many_redirects' | 'bad_url';

export class GuardedFetchError extends Error {
  constructor(
    readonly reason: FetchFailure,
    message: string,
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GuardedFetchError';
  }
}

export const isGuardedFetchError = (e: unknown): e is GuardedFetchError => e instanceof GuardedFetchError;
