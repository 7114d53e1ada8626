// PGlite does not lock its folder; ours does: a second process is refused with a clear message.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openEmbedded } from './embedded';
import { processStartId } from './lock';

const run = promisify(execFile);

describe('embedded database lock', () => {
  it('refuses a second process on the same DATA_DIR and allows it after the first closes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-lock-'));
    const first = await openEmbedded(dir);
    await first.db.execute(sql`select 1`);
    const script = `import { openEmbedded } from './db/embedded.ts';
      try { const h = await openEmbedded(${JSON.stringify(dir)}); await h.close(); console.log('opened'); }
      catch (e) { console.log('refused: ' + e.message); }`;
    const second = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: process.cwd(),
    });
    expect(second.stdout).toContain('refused');
    expect(second.stdout).toContain('in use by another process');
    expect(second.stdout).toContain(String(process.pid));

    await first.close();
    const third = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: process.cwd(),
    });
    expect(third.stdout).toContain('opened');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes over a stale lock left by a process that is gone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-lock-'));
    fs.writeFileSync(path.join(dir, '.lock'), '999999');
    const handle = await openEmbedded(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, '.lock'), 'utf8'))).toEqual({
      pid: process.pid,
      started: processStartId(process.pid),
    });
    await handle.close();
    expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('tells a live holder from an unrelated process that got its PID after a crash', async () => {
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      const pid = other.pid!;
      const started = processStartId(pid);
      expect(started).toBeTruthy();
      expect(started).not.toBe(processStartId(process.pid));
      expect(processStartId(pid)).toBe(started); // stable for one process

      // The lock names the live `sleep` with its real start time: that process holds it, so refused.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-lock-'));
      const lock = path.join(dir, '.lock');
      fs.writeFileSync(lock, JSON.stringify({ pid, started }));
      await expect(openEmbedded(dir)).rejects.toThrow(`in use by another process (pid ${pid})`);

      // The same live PID with another start time: the server that wrote it died and the PID was reused.
      fs.writeFileSync(lock, JSON.stringify({ pid, started: `${started}-earlier` }));
      const handle = await openEmbedded(dir);
      expect(JSON.parse(fs.readFileSync(lock, 'utf8')).pid).toBe(process.pid);
      await handle.close();

      // A restart that got the very PID of the dead server (PID 1 in a container): taken over too.
      fs.writeFileSync(lock, JSON.stringify({ pid: process.pid, started: 'proc:another-boot:1' }));
      const again = await openEmbedded(dir);
      expect(JSON.parse(fs.readFileSync(lock, 'utf8')).started).toBe(processStartId(process.pid));
      await again.close();
      fs.rmSync(dir, { recursive: true, force: true });
    } finally {
      other.kill();
    }
  });
});
