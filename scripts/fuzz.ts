// `npm run fuzz`: a long property-based fuzz run of every operation on REST and MCP against a fresh
// in-memory database (or DATABASE_URL). FUZZ_RUNS (default 5000) and FUZZ_SEED (default: random) set
// its size and seed; it prints the requests tried and every failure, and exits 1 when there is one.
import { createTestDatabase } from '../test/support/db';
import { setDbHandle } from '../db/client';
import { startServer } from '../test/support/http-server';
import { mcpRoute, oauthRoutes, restRoute } from '../test/support/app';
import { fuzzAccount, runFuzz } from '../test/fuzz/harness';

const runs = Number(process.env.FUZZ_RUNS ?? 5000);
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const handle = await createTestDatabase();
setDbHandle(handle);
const server = await startServer([restRoute(), mcpRoute(), ...oauthRoutes()]);
console.log(`[fuzz] ${runs} runs, seed ${seed} (repeat with FUZZ_SEED=${seed})`);
const started = Date.now();
const result = await runFuzz({
  db: handle.db,
  baseUrl: server.url,
  account: await fuzzAccount(handle.db),
  runs,
  seed,
  log: console.log,
});
console.log(
  `[fuzz] ${result.tried} requests tried in ${((Date.now() - started) / 1000).toFixed(1)} s, ${result.failures.length} failures`,
);
for (const f of result.failures) console.log(`  ${f.face} ${f.op} → ${f.status} (${f.why}): ${f.input}`);
await server.close();
setDbHandle(undefined);
await handle.close();
process.exit(result.failures.length ? 1 : 0);
