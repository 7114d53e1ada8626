// Memory and CPU time of a server process read from Linux /proc: which process is the Next.js server (the one
// `npm start` launches is a wrapper around it), and its resident set size.
import fs from 'node:fs';

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const raw = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(raw.slice(raw.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      /* exited meanwhile */
    }
  }
  return out;
}

function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/** The descendant of `rootPid` that `next start` renamed `next-server (vX)`. */
export function findNextServerPid(rootPid: number): number | undefined {
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.shift()!;
    if (commandLine(pid).startsWith('next-server')) return pid;
    queue.push(...childrenOf(pid));
  }
  return undefined;
}

/** Resident set size now (VmRSS) and its peak so far (VmHWM), in MB. */
export function residentMb(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** CPU time (user + system) the process has used so far, in seconds; unlike wall time it does not
 * grow when other work on the machine takes the CPU away. */
export function cpuSeconds(pid: number): number {
  const raw = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
}
