import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { servicesTestFiles } from './scripts/lib/test-sets.ts';

// Mercurius requires graphql's CommonJS build; Vite would hand our sources the ESM build, and
// graphql refuses objects from "another realm". Point every import at the one CommonJS copy.
const graphqlEntry = createRequire(new URL('./apps/tenant-api/package.json', import.meta.url)).resolve('graphql');

const include = ['apps/*/src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts', 'apps/web/src/**/*.test.tsx'];
const exclude = ['**/node_modules/**', 'apps/web/e2e/**'];
// KV_TEST_SET=services: only the files tagged `// @services` (CI's pass on PostgreSQL + Redis);
// KV_TEST_SET=rest: every other file (CI's pass on the embedded PostgreSQL); unset: everything.
const testSet = process.env.KV_TEST_SET;
if (testSet && testSet !== 'services' && testSet !== 'rest') throw new Error(`KV_TEST_SET must be services or rest, not ${testSet}`);
const tagged = testSet ? servicesTestFiles(fileURLToPath(new URL('.', import.meta.url))) : [];

export default defineConfig({
  resolve: {
    alias: [{ find: /^graphql$/, replacement: graphqlEntry }],
  },
  test: {
    include: testSet === 'services' ? tagged : include,
    exclude: testSet === 'rest' ? [...exclude, ...tagged] : exclude,
    globalSetup: ['./packages/db/src/test-global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    minWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
