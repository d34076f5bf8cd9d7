import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const embedded = fileURLToPath(new URL('./embedded.ts', import.meta.url));

describe('embedded Postgres loader', () => {
  it('keeps a failing exit code (the package’s own exit hook used to force 0, so CI saw a green npm test)', () => {
    const script = `import(${JSON.stringify(embedded)}).then((m) => m.loadEmbeddedPostgres()).then(() => { process.exitCode = 3; });`;
    const run = spawnSync(process.execPath, [tsxCli, '--eval', script], { encoding: 'utf8', timeout: 20_000 });
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.status).toBe(3);
  });
});
