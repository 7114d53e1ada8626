// The bounded, seeded fuzz run of every operation on both faces (test/fuzz/harness.ts); `npm run fuzz`
// runs a long one (FUZZ_RUNS, FUZZ_SEED).
import { describe, expect, it } from 'vitest';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';
import { fuzzAccount, runFuzz } from './harness';

const { db } = await useTestDatabase();
const app = await useApp();

describe('fuzzing every operation on REST and MCP', () => {
  it('never answers 5xx, stores no bad string, and a refused call changes nothing', async () => {
    const account = await fuzzAccount(db);
    const result = await runFuzz({
      db,
      baseUrl: app.url,
      account,
      runs: Number(process.env.FUZZ_RUNS_BOUNDED ?? 250),
      seed: 18,
    });
    expect(result.failures).toEqual([]);
    expect(result.tried).toBeGreaterThan(0);
  }, 120_000);
});
