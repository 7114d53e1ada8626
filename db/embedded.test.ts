// PGlite does not lock its folder; ours does: a second process is refused with a clear message.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openEmbedded } from './embedded';

const run = promisify(execFile);

describe('embedded database lock', () => {
  it('refuses a second process on the same DATA_DIR and allows it after the first closes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-lock-'));
    const first = await openEmbedded(dir);
    await first.db.execute(sql`select 1`);
    const script = `import { openEmbedded } from './db/embedded.ts';
      try { const h = await openEmbedded(${JSON.stringify(dir)}); await h.close(); console.log('opened'); }
      catch (e) { console.log('refused: ' + e.message); }`;
    const second = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: process.cwd() });
    expect(second.stdout).toContain('refused');
    expect(second.stdout).toContain('in use by another process');
    expect(second.stdout).toContain(String(process.pid));

    await first.close();
    const third = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: process.cwd() });
    expect(third.stdout).toContain('opened');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes over a stale lock left by a process that is gone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-lock-'));
    fs.writeFileSync(path.join(dir, '.lock'), '999999');
    const handle = await openEmbedded(dir);
    expect(fs.readFileSync(path.join(dir, '.lock'), 'utf8')).toBe(String(process.pid));
    await handle.close();
    expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
