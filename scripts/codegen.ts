/**
 * `npm run codegen`: every generated TypeScript file, from the servers' SDL.
 *   - resolver types of both servers (GraphQL Code Generator, typescript-resolvers);
 *   - the SPA's operation types (typescript-operations) from the documents of `apps/web/src/**\/api/*.ts`.
 * `npm run codegen -- --check` writes nothing and fails when a committed file differs (CI, npm test).
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedFiles } from './lib/codegen-targets.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const check = process.argv.includes('--check');

const files = await generatedFiles();
const stale: string[] = [];
for (const { path, content } of files) {
  let current: string | null = null;
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    current = null;
  }
  if (current === content) continue;
  stale.push(relative(root, path));
  if (!check) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
}

if (check && stale.length) {
  console.error(`Stale generated files (run \`npm run codegen\`):\n  ${stale.join('\n  ')}`);
  process.exit(1);
}
console.log(check ? `codegen: ${files.length} generated files up to date` : `codegen: ${stale.length} of ${files.length} files written`);
