import webVitals from 'eslint-config-next/core-web-vitals';
import typescript from 'eslint-config-next/typescript';
import boundaries from './eslint.boundaries.mjs';

const config = [
  {
    ignores: [
      '.next*/**',
      '.data/**',
      'node_modules/**',
      'db/migrations/**',
      'next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  ...webVitals,
  ...typescript,
  ...boundaries,
  {
    rules: {
      '@next/next/no-img-element': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Test helpers are named use* (useTestDatabase, Playwright's use) but are not React hooks.
    files: ['**/*.test.ts', 'test/**', 'e2e/**', 'bench/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
];

export default config;
