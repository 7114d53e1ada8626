// Which provider takes payments: Stripe when configured; test mode never on a public production site
// unless PAYMENTS_TEST_MODE=1 (docs/decisions.md#checkout).
import { describe, expect, it } from 'vitest';
import { activeProvider } from './provider';

describe('activeProvider', () => {
  it.each([
    [{ STRIPE_SECRET_KEY: 'sk_live_x', NODE_ENV: 'production' }, 'stripe'],
    [{ NODE_ENV: 'development' }, 'test'],
    [{ NODE_ENV: 'test' }, 'test'],
    [{ NODE_ENV: 'production', APP_URL: 'https://directory.example' }, null],
    [{ NODE_ENV: 'production', APP_URL: 'https://directory.example', PAYMENTS_TEST_MODE: '1' }, 'test'],
    [{ NODE_ENV: 'production', APP_URL: 'http://localhost:3000' }, 'test'],
    [{ NODE_ENV: 'production' }, null],
    [{ NODE_ENV: 'development', PAYMENTS_TEST_MODE: '0' }, null],
  ] as const)('%o → %s', (env, expected) => {
    expect(activeProvider(env)).toBe(expected);
  });
});
