// Who holds a job's lease (docs/decisions.md#usability-and-robustness): the host (name and boot id) and the process (pid and its
// start time from /proc), so that a restarted server can tell for sure that the holder is gone (a
// crash) and take its jobs over at once instead of waiting out the lease. Only a holder on this host
// can be proven gone; a lease from another host (several app servers may share one database) always
// runs out normally. Without /proc (not Linux) nothing is taken over early.
import fs from 'node:fs';
import os from 'node:os';

export type ProcessIdentity = { host: string; boot: string; pid: number; start: string };

function read(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

const bootId = () => read('/proc/sys/kernel/random/boot_id')?.trim() ?? '-';

/** The start time of a process in clock ticks since boot (field 22 of /proc/<pid>/stat), or null when it cannot be read. */
export function processStartTime(pid: number): string | null {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return null;
  // The command name (field 2) is in parentheses and may itself hold spaces or parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

export function thisProcess(): ProcessIdentity {
  return { host: os.hostname(), boot: bootId(), pid: process.pid, start: processStartTime(process.pid) ?? '-' };
}

/** A lease holder's name: `runner/<host>/<boot>/<pid>/<start>/<random>` (hostnames hold no slash). */
export function leaseHolder(p: ProcessIdentity, nonce: string): string {
  return ['runner', p.host, p.boot, p.pid, p.start, nonce].join('/');
}

export function parseLeaseHolder(holder: string): ProcessIdentity | null {
  const parts = holder.split('/');
  if (parts.length !== 6 || parts[0] !== 'runner') return null;
  const pid = Number(parts[3]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return { host: parts[1], boot: parts[2], pid, start: parts[4] };
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * True only when the holder is provably gone: it ran on this host since this boot, and no process
 * with its pid exists, or the one that does started at another time (the pid was reused).
 */
export function holderIsGone(holder: string | null, here: ProcessIdentity = thisProcess()): boolean {
  const owner = holder ? parseLeaseHolder(holder) : null;
  if (!owner || owner.host !== here.host || owner.boot === '-' || owner.boot !== here.boot || owner.start === '-')
    return false;
  // Our own pid (a container's server is often pid 1 at every start): gone if it was another start.
  if (owner.pid === here.pid) return owner.start !== here.start;
  const start = processStartTime(owner.pid);
  return start === null ? !pidExists(owner.pid) : start !== owner.start;
}
