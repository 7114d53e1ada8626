// Issue 12 item 2: in production /dev/mailbox answers only a client on this machine. A caller's own
// X-Forwarded-For claim of 127.0.0.1 does not count (Next.js passes it through unchanged).
import { afterEach, describe, expect, it } from 'vitest';
import { devMailboxAnswers } from '@/lib/http/dev-mailbox-gate';

const xff = (value?: string) => new Headers(value ? { 'x-forwarded-for': value } : {});
const prod = (extra: Record<string, string> = {}) => ({ NODE_ENV: 'production', ...extra });

afterEach(() => {
  delete process.env.DEV_MAILBOX;
  delete process.env.TRUST_PROXY;
});

describe('dev mailbox gate', () => {
  it('is closed when the mailbox is off', () => {
    expect(devMailboxAnswers(xff('127.0.0.1'), prod({ HOST: '127.0.0.1' }))).toBe(false);
  });

  it('in production on a public listener, refuses a caller claiming to be 127.0.0.1', () => {
    process.env.DEV_MAILBOX = '1';
    expect(devMailboxAnswers(xff('127.0.0.1'), prod())).toBe(false);
    expect(devMailboxAnswers(xff('127.0.0.1'), prod({ HOST: '0.0.0.0' }))).toBe(false);
  });

  it('in production answers when the listener is loopback-only (npm start with the mailbox on)', () => {
    process.env.DEV_MAILBOX = '1';
    expect(devMailboxAnswers(xff(), prod({ HOST: '127.0.0.1' }))).toBe(true);
  });

  it('behind a trusted proxy, answers only when the hop the proxy added is loopback', () => {
    process.env.DEV_MAILBOX = '1';
    process.env.TRUST_PROXY = '1';
    expect(devMailboxAnswers(xff('127.0.0.1, 203.0.113.5'), prod({ HOST: '127.0.0.1' }))).toBe(false);
    expect(devMailboxAnswers(xff('203.0.113.5, 127.0.0.1'), prod())).toBe(true);
    expect(devMailboxAnswers(xff('::1'), prod())).toBe(true);
  });

  it('outside production answers anyone who can reach the dev server', () => {
    process.env.DEV_MAILBOX = '1';
    expect(devMailboxAnswers(xff('203.0.113.5'), { NODE_ENV: 'development' })).toBe(true);
  });
});
