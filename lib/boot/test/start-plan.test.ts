// Issue 12 item 2: `npm start` never switches the dev mailbox on for a listener other machines can
// reach. On main it was switched on whenever APP_URL was localhost — also the default when APP_URL
// was forgotten — while Next.js listened on every interface.
import { describe, expect, it } from 'vitest';
import { planStart } from '@/lib/boot/start-plan';

describe('npm start: listener and dev mailbox', () => {
  it('without APP_URL serves this machine only, and only then switches the mailbox on by itself', () => {
    const plan = planStart({ PORT: '3000' });
    expect(plan).toMatchObject({ appUrl: 'http://localhost:3000', host: '127.0.0.1', devMailbox: true });
    expect(plan.notes.join('\n')).toMatch(/listening on 127\.0\.0\.1 only/);
    expect(plan.notes.join('\n')).toMatch(/dev\/mailbox \(this machine only/);
    // Next prints http://127.0.0.1:3000; the sign-in works on APP_URL's host name.
    expect(plan.notes).toContain(
      '[start] open http://localhost:3000: sign-in links lead there, and a browser keeps its sign-in apart from http://127.0.0.1:3000 (the address Next prints).',
    );
    expect(planStart({ PORT: '3000', APP_URL: 'http://127.0.0.1:3000' }).notes.join('\n')).not.toMatch(
      /\[start\] open/,
    );
  });

  it('does not switch the mailbox on for a listener on every interface, even with a localhost APP_URL', () => {
    const plan = planStart({ APP_URL: 'http://localhost:3000', HOST: '0.0.0.0' });
    expect(plan.devMailbox).toBe(false);
    expect(plan.notes.join('\n')).toMatch(/dev mailbox stays off/);
  });

  it('refuses to serve other machines without APP_URL', () => {
    expect(planStart({ HOST: '0.0.0.0' }).error).toMatch(/APP_URL is not set/);
  });

  it('serves a public APP_URL on every interface with the mailbox off', () => {
    expect(planStart({ APP_URL: 'https://directory.example.com' })).toMatchObject({
      host: undefined,
      devMailbox: false,
    });
    expect(planStart({ APP_URL: 'https://directory.example.com', SMTP_URL: 'smtp://mail' }).devMailbox).toBe(false);
  });

  it('says so when DEV_MAILBOX=1 is set for a public listener without a trusted proxy', () => {
    const plan = planStart({ APP_URL: 'https://directory.example.com', DEV_MAILBOX: '1' });
    expect(plan.devMailbox).toBe(true);
    expect(plan.notes.join('\n')).toMatch(/answers 404/);
  });
});
