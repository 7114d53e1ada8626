import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes `<dir>/.lock` for this process, or throws a clear message naming the holder. */
export function acquireDataDirLock(dir: string): () => void {
  const file = path.join(dir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      const release = () => {
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = Number(fs.readFileSync(file, 'utf8').trim());
      if (holder === process.pid) return () => {};
      if (holder && isAlive(holder)) {
        throw new DataDirLockedError(
          `The embedded database in ${dir} is in use by another process (pid ${holder}). ` +
            `PGlite cannot be shared between processes: stop that process first, use another DATA_DIR, ` +
            `or set DATABASE_URL to use PostgreSQL.`,
        );
      }
      fs.unlinkSync(file); // stale lock from a process that is gone
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}
