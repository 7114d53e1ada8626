import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/** What the lock file records: the PID and what tells this process apart from a later one given the same PID. */
type Holder = { pid: number; started?: string };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When a process started, as a string that differs between two processes that had the same PID:
 * on Linux its start time in clock ticks after boot (/proc/<pid>/stat, field 22) with the boot id;
 * elsewhere `ps -o lstart=` (to the second). Undefined when the process is gone or nothing says.
 */
export function processStartId(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
    const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    let boot = '';
    try {
      boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    } catch {
      /* no boot id: the start ticks alone */
    }
    if (ticks && /^\d+$/.test(ticks)) return `proc:${boot}:${ticks}`;
  } catch {
    /* no /proc (macOS, BSD) or the process is gone: ask ps */
  }
  try {
    const out = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2000,
    }).trim();
    return out ? `ps:${out}` : undefined;
  } catch {
    return undefined;
  }
}

/** Reads a lock file: JSON `{pid, started}`, or a bare PID from older versions. */
function parseHolder(text: string): Holder | undefined {
  const t = text.trim();
  if (/^\d+$/.test(t)) return { pid: Number(t) };
  try {
    const v = JSON.parse(t) as Partial<Holder>;
    if (Number.isInteger(v.pid) && (v.pid as number) > 0)
      return { pid: v.pid as number, started: typeof v.started === 'string' ? v.started : undefined };
  } catch {
    /* unreadable: treated as stale */
  }
  return undefined;
}

/**
 * Whether the process that wrote the lock still runs. A live PID is not enough: after a crash the PID
 * may belong to an unrelated process (or to this one, after a container restart), so the recorded start
 * time must match too. A lock without a start time (older versions) or a process whose start time
 * cannot be read is trusted on its PID alone.
 */
function holderRuns(holder: Holder): boolean {
  if (!isAlive(holder.pid)) return false;
  if (!holder.started) return true;
  const now = processStartId(holder.pid);
  return now === undefined || now === holder.started;
}

/** Takes `<dir>/.lock` for this process, or throws a clear message naming the holder. */
export function acquireDataDirLock(dir: string): () => void {
  const file = path.join(dir, '.lock');
  const me: Holder = { pid: process.pid, started: processStartId(process.pid) };
  const content = JSON.stringify(me);
  for (let attempt = 0; attempt < 3; attempt++) {
    let text: string;
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, content);
      fs.closeSync(fd);
      const release = () => {
        try {
          if (fs.readFileSync(file, 'utf8') === content) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch {
        continue; // removed meanwhile: try again
      }
    }
    const holder = parseHolder(text);
    if (holder && text === content) return () => {}; // this very process holds it already
    if (holder && holder.pid !== process.pid && holderRuns(holder)) {
      throw new DataDirLockedError(
        `The embedded database in ${dir} is in use by another process (pid ${holder.pid}). ` +
          `PGlite cannot be shared between processes: stop that process first, use another DATA_DIR, ` +
          `or set DATABASE_URL to use PostgreSQL.`,
      );
    }
    // Stale: its process is gone, or its PID now names another process (or this one, restarted).
    // Remove it only if it is still the file just judged, so a lock taken meanwhile is kept.
    try {
      if (fs.readFileSync(file, 'utf8') === text) fs.unlinkSync(file);
    } catch {
      /* gone already */
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}
