// Installs the workspace's dependencies when they are missing or older than the lockfile, so that
// `npm start` and `npm test` work on a fresh clone with nothing but Node.js.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const PNPM = 'pnpm@10.34.9';
const marker = 'node_modules/.modules.yaml';
const lock = 'pnpm-lock.yaml';
const fresh = existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs);
if (!fresh) {
  const frozen = existsSync(lock) ? ' --frozen-lockfile' : '';
  console.log(`Installing dependencies with ${PNPM}…`);
  execSync(`npx -y ${PNPM} install${frozen} --config.manage-package-manager-versions=false`, {
    stdio: 'inherit',
    env: { ...process.env, npm_config_yes: 'true' },
  });
}
