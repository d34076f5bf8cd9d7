import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// Mercurius requires graphql's CommonJS build; Vite would hand our sources the ESM build, and
// graphql refuses objects from "another realm". Point every import at the one CommonJS copy.
const graphqlEntry = createRequire(new URL('./apps/tenant-api/package.json', import.meta.url)).resolve('graphql');

export default defineConfig({
  resolve: {
    alias: [{ find: /^graphql$/, replacement: graphqlEntry }],
  },
  test: {
    include: ['apps/*/src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
    exclude: ['**/node_modules/**', 'apps/web/e2e/**'],
    globalSetup: ['./packages/db/src/test-global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    minWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
