/* eslint-disable no-console -- a command-line report */
// Reports the JavaScript a browser downloads to show one route, gzipped, from a built dist/.
// Usage: node apps/web/scripts/route-size.mjs [page-module ...] (default: the centre login page).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const pages = process.argv.slice(2);
// The surface app is a dynamic import of the entry; its manifest key is its chunk name.
const surfaceKey = Object.keys(manifest).find((k) => /(^|\/|_)centre-app[-.]/.test(k));
const wanted = ['index.html', surfaceKey, ...(pages.length ? pages : ['src/features/auth/pages/login.page.tsx'])];

const files = new Set();
function visit(key) {
  const entry = manifest[key];
  if (!entry) throw new Error(`Not in the manifest: ${key}`);
  if (files.has(entry.file)) return;
  files.add(entry.file);
  for (const dep of entry.imports ?? []) visit(dep);
}
wanted.forEach(visit);
// Translations the page needs at start: common + the page's namespace, in English (an English
// visitor no longer downloads the Spanish fallback, see lib/i18n.ts).
for (const key of Object.keys(manifest)) {
  if (/src\/locales\/en\/(common|auth)\.json$/.test(key)) visit(key);
}

let total = 0;
const rows = [...files]
  .filter((f) => f.endsWith('.js'))
  .map((file) => {
    const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    total += size;
    return [size, file];
  })
  .sort((a, b) => b[0] - a[0]);
for (const [size, file] of rows) console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzip for ${wanted.slice(2).join(', ')}`);
