// Decides whether `npm start` must (re)build: a hash of the sources the build depends on.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SOURCE_DIRS = ['app', 'components', 'lib', 'db', 'inngest', 'public'];
const SOURCE_FILES = [
  'package-lock.json',
  'next.config.ts',
  'tsconfig.json',
  'postcss.config.mjs',
  'instrumentation.ts',
  'proxy.ts',
  'middleware.ts',
];

function walk(dir: string, out: string[]) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (!/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
}

export function sourceFingerprint(root = process.cwd()): string {
  const files: string[] = [];
  for (const d of SOURCE_DIRS) walk(path.join(root, d), files);
  for (const f of SOURCE_FILES) if (fs.existsSync(path.join(root, f))) files.push(path.join(root, f));
  const hash = createHash('sha256');
  for (const f of files.sort())
    hash.update(path.relative(root, f)).update('\0').update(fs.readFileSync(f)).update('\0');
  return hash.digest('hex');
}

export function buildIsCurrent(distDir: string, fingerprint: string): boolean {
  const stamp = path.join(distDir, '.source-fingerprint');
  return (
    fs.existsSync(path.join(distDir, 'BUILD_ID')) &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, 'utf8') === fingerprint
  );
}

export function stampBuild(distDir: string, fingerprint: string) {
  fs.writeFileSync(path.join(distDir, '.source-fingerprint'), fingerprint);
}
