// `npm start`: migrate, seed an empty database, build when the sources changed, then serve.
// Honours PORT, HOST and DATA_DIR (and everything in .env / the environment). Where it listens
// and whether the dev mailbox is on: lib/boot/start-plan.ts.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { loadDotEnv } from './env';
import { buildIsCurrent, sourceFingerprint, stampBuild } from './build-fingerprint';
import { planServerHeap } from '../lib/boot/heap-limit';
import { planStart } from '../lib/boot/start-plan';

loadDotEnv();
const port = process.env.PORT || '3000';
process.env.PORT = port; // the server reads its own port (proxy.ts reads the 400 page over loopback)
const distDir = process.env.NEXT_DIST_DIR || '.next';
const plan = planStart(process.env);
const heap = planServerHeap(process.env, v8.getHeapStatistics().heap_size_limit / 1024 / 1024);
for (const error of [plan.error, heap.error])
  if (error) {
    console.error(`\n${error}\n`);
    process.exit(1);
  }
process.env.APP_URL = plan.appUrl;
process.env.AUTH_URL ||= process.env.APP_URL;
if (plan.host) process.env.HOST = plan.host; // the mailbox gate reads it (lib/http/dev-mailbox-gate.ts)
if (plan.devMailbox) process.env.DEV_MAILBOX = '1';
prepareSignIn();
for (const note of [...plan.notes, ...(heap.note ? [heap.note] : [])]) console.log(note);

/** Sign-in works out of the box: a secret kept across restarts (magic links: SMTP or the dev mailbox). */
function prepareSignIn() {
  if (!process.env.AUTH_SECRET) {
    const dir = path.resolve(process.env.DATA_DIR || '.data');
    const file = path.join(dir, '.auth-secret');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
    }
    process.env.AUTH_SECRET = fs.readFileSync(file, 'utf8').trim();
  }
}

async function prepareDatabase() {
  const { openDatabase } = await import('../db/client');
  const { migrate } = await import('../db/migrate');
  const { seedDatabase } = await import('../db/seed/seed');
  const handle = await openDatabase();
  try {
    await migrate(handle);
    await seedDatabase(handle.db, { demoApiKey: process.env.DEMO_API_KEY, log: (m) => console.log(`[seed] ${m}`) });
    console.log(
      `[db] ready (${handle.kind === 'pglite' ? `PGlite in ${process.env.DATA_DIR || '.data'}` : 'PostgreSQL'})`,
    );
  } finally {
    await handle.close(); // the server process opens it again (PGlite allows one process at a time)
  }
}

function nextBin() {
  return new URL('../node_modules/next/dist/bin/next', import.meta.url).pathname;
}

try {
  await prepareDatabase();
} catch (err) {
  console.error(`\n${(err as Error).message}\n`);
  process.exit(1);
}

const fingerprint = sourceFingerprint();
// START_REUSE_BUILD=1: serve the build folder as it is (a second server beside a running one on the
// same folder must never rebuild it under that server: Next rewrites tsconfig.json on the first build,
// which changes the fingerprint).
const reuseBuild = process.env.START_REUSE_BUILD === '1' && fs.existsSync(path.join(distDir, 'BUILD_ID'));
if (!reuseBuild && !buildIsCurrent(distDir, fingerprint)) {
  console.log('[build] building the site (first start or sources changed)…');
  const result = spawnSync(process.execPath, [nextBin(), 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  stampBuild(distDir, fingerprint);
}

// The preload stamps each request's socket address for lib/client-ip.ts (client IP for rate limits).
const socketAddressPreload = new URL('./socket-address.mjs', import.meta.url).href;
const refusePreload = new URL('./refuse-requests.mjs', import.meta.url).href; // TRACE and undecodable API paths, before Next
const frontDoorPreload = new URL('./page-front-door.mjs', import.meta.url).href; // cached public pages, before Next
const nextArgs = [nextBin(), 'start', '-p', port, ...(plan.host ? ['-H', plan.host] : [])];
const preloads = ['--import', socketAddressPreload, '--import', refusePreload, '--import', frontDoorPreload];
const server = spawn(process.execPath, [...heap.args, ...preloads, ...nextArgs], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
console.log(`[start] ${plan.appUrl}  (API: /api/v1, docs: /docs/api, MCP: /mcp)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
