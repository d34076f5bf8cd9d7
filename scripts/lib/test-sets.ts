import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The test sets of CI (`.ci/run`). A test file whose opening comment lines hold `@services` is what
 * behaves differently on real services — Redis fan-out, BullMQ, server-mode provisioning, pool and
 * fault tests: CI runs it once, against PostgreSQL + Redis. Every other file runs once, on the
 * embedded PostgreSQL. `npm test` runs both sets.
 */
export const SERVICES_TAG = /^\/\/ @services\b/m;

const TEST_FILE = /\.test\.tsx?$/;
const ROOTS = ['apps', 'packages', 'scripts'];
const SKIP = new Set(['node_modules', 'dist', 'e2e', '.data']);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return TEST_FILE.test(entry.name) ? [path] : [];
  });
}

/** The comment lines a file opens with: where its tag is read. */
function header(path: string): string {
  const lines = readFileSync(path, 'utf8').split('\n');
  const end = lines.findIndex((line) => !line.startsWith('//'));
  return lines.slice(0, end === -1 ? lines.length : end).join('\n');
}

/** Repository-relative paths of every test file. */
export function allTestFiles(root: string): string[] {
  return ROOTS.flatMap((dir) => testFiles(join(root, dir)))
    .map((path) => relative(root, path))
    .sort();
}

/** Repository-relative paths of the test files tagged `@services`. */
export function servicesTestFiles(root: string): string[] {
  return allTestFiles(root).filter((path) => SERVICES_TAG.test(header(join(root, path))));
}
