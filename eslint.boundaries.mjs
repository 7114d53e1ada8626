// The layers and the imports each may make, enforced by eslint-plugin-boundaries (docs/architecture.md
// explains them). Faces serve operations; operations call the domain; the domain reads the database.
//
//   app ──▶ components ──▶ lib/actions ──▶ domain ──▶ db ──▶ db/schema
//   faces (lib/http, lib/mcp, lib/openapi, the OAuth endpoints) ──▶ lib/operations ──▶ domain
//   inngest/ ◀──▶ lib/jobs (and lib/housekeeping) ──▶ domain
//   shared by every lib layer: lib/context.ts, lib/pagination.ts, lib/client-ip.ts
//   exceptions, named below: db/seed writes through the domain; db/schema may take types from it
import boundaries from 'eslint-plugin-boundaries';

// mode 'full': patterns are whole paths from the project root, and single files may be elements
// (v7 prints a deprecation notice for it; its replacement, partialMatch: false, matches folders only).
const el = (type, pattern) => ({ type, pattern, mode: 'full' });
/** A policy: files of layer `from` may import files of the layers `to`. */
const may = (from, to, dependency) => ({
  from: { element: { type: from } },
  allow: { to: { element: { types: { anyOf: to } } }, ...(dependency ? { dependency } : {}) },
});

export const elements = [
  el('schema', 'db/schema/**'),
  // The one named exception: the seed writes through domain code (catalog, listings).
  el('seed', 'db/seed/**'),
  el('db', 'db/**'),
  el('shared', ['lib/context.ts', 'lib/pagination.ts', 'lib/client-ip.ts']),
  el('operations', 'lib/operations/**'),
  el('face', [
    'lib/http/**',
    'lib/mcp/**',
    'lib/openapi/**',
    'lib/oauth/endpoints.ts',
    'lib/oauth/authorize.ts',
    'lib/oauth/pages.ts',
  ]),
  el('jobs', ['lib/jobs/**', 'lib/housekeeping/**']),
  el('actions', 'lib/actions/**'),
  // Process start-up: migrate, seed, start the local jobs.
  el('boot', 'lib/boot/**'),
  el('domain', 'lib/**'),
  el('inngest', 'inngest/**'),
  el('components', 'components/**'),
  el('app', 'app/**'),
];

const below = { domain: ['domain', 'shared', 'db', 'schema'] };

export const policies = [
  may('schema', ['schema']),
  // Named exception: a jsonb column may take its TypeScript type from the domain (type-only, erased:
  // db/schema still loads nothing from lib/). Today: drafts.fields ← lib/drafts/types.
  may('schema', ['domain'], { kind: 'type' }),
  may('db', ['db', 'schema']),
  may('seed', ['seed', 'db', 'schema', 'domain', 'shared']),
  may('shared', ['shared', ...below.domain]),
  may('domain', [...below.domain, 'jobs']),
  may('operations', ['operations', ...below.domain]),
  may('face', ['face', 'operations', ...below.domain]),
  may('jobs', ['jobs', 'inngest', 'operations', ...below.domain]),
  may('inngest', ['inngest', 'jobs', ...below.domain]),
  may('boot', ['boot', 'seed', 'jobs', ...below.domain]),
  may('actions', ['actions', 'jobs', ...below.domain]),
  may('components', ['components', 'actions', 'domain', 'shared']),
  may('app', ['app', 'boot', 'components', 'actions', 'face', 'operations', 'jobs', 'inngest', ...below.domain]),
];

const config = [
  {
    files: ['app/**', 'components/**', 'lib/**', 'db/**', 'inngest/**'],
    ignores: ['**/*.test.ts', '**/test/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/include': ['app/**', 'components/**', 'lib/**', 'db/**', 'inngest/**'],
      'import/resolver': { typescript: { alwaysTryTypes: true }, node: true },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        { default: 'disallow', policies, message: '{{from.type}} may not import {{to.type}} (eslint.boundaries.mjs)' },
      ],
    },
  },
];

export default config;
