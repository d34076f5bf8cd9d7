import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Benchmark } from './lib/context.ts';
import { figure } from './lib/context.ts';
import { webDistDir } from './lib/web-build.ts';

interface ManifestEntry {
  file: string;
  imports?: string[];
  css?: string[];
}

/** JS and CSS (gzip -9) a browser downloads to show a route: the entry, the centre app, the page and their static imports. */
export function routeWeight(dist: string, pages: string[], namespaces: string[]) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestEntry>;
  const surface = Object.keys(manifest).find((k) => /(^|\/|_)centre-app[-.]/.test(k));
  const files = new Set<string>();
  const visit = (key: string) => {
    const e = manifest[key];
    if (!e) throw new Error(`Not in the manifest: ${key}`);
    if (files.has(e.file)) return;
    files.add(e.file);
    for (const c of e.css ?? []) files.add(c);
    for (const d of e.imports ?? []) visit(d);
  };
  ['index.html', ...(surface ? [surface] : []), ...pages].forEach(visit);
  // The visitor's language only: English loads no Spanish (apps/web/src/lib/i18n.ts).
  const ns = new RegExp(`src/locales/en/(${namespaces.join('|')})\\.json$`);
  for (const key of Object.keys(manifest)) if (ns.test(key)) visit(key);
  let js = 0;
  let css = 0;
  for (const f of files) {
    const size = gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length;
    if (f.endsWith('.js')) js += size;
    else if (f.endsWith('.css')) css += size;
  }
  return { js: js / 1024, css: css / 1024 };
}

/** What the login and parent home routes load, in the production build the runner made. */
export const spaWeight: Benchmark = {
  name: 'spa-weight',
  title: 'SPA weight of the login and parent home routes (gzip)',
  web: true,
  async run() {
    const out = webDistDir();
    const login = routeWeight(out, ['src/features/auth/pages/login.page.tsx'], ['common', 'auth']);
    const home = routeWeight(
      out,
      ['src/features/dashboard/pages/entry.page.tsx', 'src/features/dashboard/pages/home.page.tsx'],
      ['common', 'shell', 'dashboard'],
    );
    const b = 'spa-weight';
    return [
      figure(b, 'login route JS (KB gzip)', login.js, 150, 'budget 150 KB', 'KB', { max: 1, text: '<= 150 KB' }),
      figure(b, 'login route CSS (KB gzip)', login.css, null, '', 'KB'),
      figure(b, 'parent home route JS (KB gzip)', home.js, 150, 'budget 150 KB', 'KB'),
      figure(b, 'parent home route CSS (KB gzip)', home.css, null, '', 'KB'),
    ];
  },
};
