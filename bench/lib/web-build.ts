import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './procs.ts';

/** Where the benchmarks' production build of the SPA goes (inside the bench data folder). */
export const webDistDir = () => path.join(path.resolve(ROOT, process.env.KV_DATA_DIR ?? '.data/bench'), 'web-dist');

/** Production build of the SPA (vite build, with its brotli and gzip copies) into webDistDir(). */
export function buildWeb(log: (line: string) => void): string {
  const out = webDistDir();
  log('Building the web app (vite build)…');
  execFileSync(path.join(ROOT, 'apps/web/node_modules/.bin/vite'), ['build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(ROOT, 'apps/web'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return out;
}
