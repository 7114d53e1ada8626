// A throwaway PostgreSQL primary and a streaming replica on free ports in a temporary folder, made
// with the server binaries (initdb, pg_ctl, pg_basebackup). They refuse to run as root: as root they
// run as the `postgres` OS user.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The folder of the server binaries, or null when they are not installed. */
export function postgresBinDir(): string | null {
  const candidates = [process.env.PG_BIN];
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(root, v, 'bin')));
  }
  return candidates.find((dir) => dir && fs.existsSync(path.join(dir, 'initdb'))) ?? null;
}

/** Why the cluster cannot be made here, or null. */
export function clusterUnavailable(): string | null {
  if (!postgresBinDir()) return 'PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) not found; set PG_BIN';
  if (process.getuid?.() === 0 && !osUser('postgres'))
    return 'running as root and there is no `postgres` OS user to run the server as';
  return null;
}

function osUser(name: string): { uid: number; gid: number } | null {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) return null;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type Cluster = { primaryUrl: string; replicaUrl: string; stop: () => void };

export async function startPrimaryAndReplica(): Promise<Cluster> {
  const bin = postgresBinDir()!;
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : path.join(bin, tool),
      asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args,
      // pg_ctl's server keeps running: it must not hold a pipe of ours open.
      { stdio: ['ignore', 'ignore', 'pipe'], timeout: 60_000 },
    );

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-replica-'));
  const owner = asRoot ? osUser('postgres') : null;
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  const primary = path.join(dir, 'primary');
  const replica = path.join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];

  run('initdb', ['-D', primary, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  fs.appendFileSync(
    path.join(primary, 'postgresql.conf'),
    [
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      'fsync = off',
      'wal_level = replica',
      'max_wal_senders = 4',
      'max_connections = 60',
      '',
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(primary, 'pg_hba.conf'),
    ['local all all trust', 'host all all 127.0.0.1/32 trust', 'host replication all 127.0.0.1/32 trust', ''].join(
      '\n',
    ),
  );
  const start = (data: string, port: number) =>
    run('pg_ctl', ['-D', data, '-o', `-p ${port}`, '-l', path.join(dir, `${path.basename(data)}.log`), '-w', 'start']);
  const stopped: string[] = [];
  const stop = () => {
    for (const data of [replica, primary]) {
      if (stopped.includes(data) || !fs.existsSync(path.join(data, 'postmaster.pid'))) continue;
      stopped.push(data);
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    start(primary, primaryPort);
    run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replica, '-R']);
    start(replica, replicaPort);
  } catch (err) {
    stop();
    throw err;
  }
  const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;
  return { primaryUrl: url(primaryPort), replicaUrl: url(replicaPort), stop };
}
