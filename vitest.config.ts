import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'e2e/**', '.next*/**', '.data/**'],
    pool: 'forks',
    testTimeout: 90_000,
    hookTimeout: 120_000,
    server: { deps: { inline: ['next-auth', '@auth/core'] } },
  },
});
