// A throwaway PostgreSQL database for a benchmark, created next to DATABASE_URL's.
import postgres from 'postgres';

/** A benchmark database: a fresh one, or with BENCH_DB_NAME one kept by an earlier run (BENCH_KEEP_DB=1). */
export async function createBenchDatabase(
  prefix: string,
): Promise<{ url: string; reused: boolean; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    console.error(
      'Set DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres): benchmarks run on PostgreSQL.',
    );
    process.exit(2);
  }
  const reused = Boolean(process.env.BENCH_DB_NAME);
  const name = process.env.BENCH_DB_NAME || `${prefix}_${Date.now().toString(36)}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_DB_NAME: not a database name: ${name}`);
  if (!reused) {
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    reused,
    drop: async () => {
      if (process.env.BENCH_KEEP_DB || reused) {
        console.log(`database kept: BENCH_DB_NAME=${name}`);
        return;
      }
      const a = postgres(base, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
