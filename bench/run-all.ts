// npm run bench: every benchmark in turn (each prints its own ratios). Needs DATABASE_URL for the
// PostgreSQL ones; a failing benchmark is reported and the rest still run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const benches = ['search', 'pages', 'memory', 'mcp', 'draft', 'guard', 'scale'].filter((name) =>
  fs.existsSync(`bench/${name}.ts`),
);
const failed: string[] = [];
for (const name of benches) {
  console.log(`\n##### bench:${name} #####`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}.ts`], {
    stdio: 'inherit',
    env: process.env,
  });
  if (result.status !== 0) failed.push(name);
}
if (failed.length) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
