import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';

// `npx vite build apps/web` from the repo root and `npx vite build` here both resolve to this folder.
const root = fileURLToPath(new URL('.', import.meta.url));
// A local dev server (ports 5173-5179) forwards the server routes to a running API.
const apiTarget = process.env.KV_API_URL;

/**
 * react-router 7 maps every import condition to its development build (remix-run/react-router#12532,
 * #14753): dev warnings and their strings would ship. A production build takes the production files.
 */
function reactRouterProductionBuild(): Plugin {
  return {
    name: 'kv:react-router-production-build',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && source !== 'react-router/dom') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, id: resolved.id.replace('/dist/development/', '/dist/production/') };
    },
  };
}

/** Text files the server sends compressed; smaller ones gain less than a compressed answer's overhead. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every text file of the build, once:
 * the server sends the copy a browser's Accept-Encoding takes (packages/server/src/spa.ts) and never
 * compresses a file per request. A copy no smaller than its file is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'kv:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Once everything is written, the copied public/ files included.
    closeBundle() {
      for (const file of readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
        if (!COMPRESSIBLE.test(file) || file.startsWith('.vite')) continue;
        const body = readFileSync(path.join(outDir, file));
        if (body.length < COMPRESS_MIN_BYTES) continue;
        const br = brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        });
        const gz = gzipSync(body, { level: 9 });
        if (br.length < body.length) writeFileSync(path.join(outDir, `${file}.br`), br);
        if (gz.length < body.length) writeFileSync(path.join(outDir, `${file}.gz`), gz);
      }
    },
  };
}

/** A Mantine component's class map (`<Name>.module.css.mjs`), imported by the component and by those built on it. */
const MANTINE_CLASSES = /\/@mantine\/(core|notifications)\/esm\/(?:.+\/)?(\w+)\.module\.css\.mjs$/;

/**
 * Each Mantine component brings its own stylesheet instead of the whole of `@mantine/core/styles.css`
 * (230 KB) blocking the first paint: the component's class map imports `@mantine/core/styles/<Name>.css`,
 * so the CSS lands in the chunk that uses the component, after the stylesheets of the components it is
 * built on (the order Mantine asks for). The global styles come with the entry (main.tsx). The dev
 * server pre-bundles Mantine, so it takes the whole stylesheet instead.
 */
function mantineComponentStyles(): Plugin {
  let build = true;
  return {
    name: 'kv:mantine-component-styles',
    configResolved(config) {
      build = config.command === 'build';
    },
    transform(code, id) {
      if (!build) {
        if (!id.endsWith('/src/main.tsx')) return null;
        return { code: `import '@mantine/core/styles.css';\nimport '@mantine/notifications/styles.css';\n${code}`, map: null };
      }
      const match = MANTINE_CLASSES.exec(id);
      if (!match) return null;
      const sheet = match[1] === 'core' ? `@mantine/core/styles/${match[2]}.css` : `@mantine/${match[1]}/styles.css`;
      return { code: `import '${sheet}';\n${code}`, map: null };
    },
  };
}

/**
 * Adds `<link rel="modulepreload">` for the centre app and its static imports to index.html: they
 * download beside the entry instead of after `/app-config.json` has answered (boot.tsx picks the
 * surface then). Every host but the platform's is a centre; the operator console pays a few KB.
 */
function preloadCentreApp(): Plugin {
  return {
    name: 'kv:preload-centre-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        // The centre app's chunk holds more than its module (no facade): found by the module it holds.
        const app = chunks.find((c) => c.moduleIds.some((id) => id.endsWith('/src/app/centre-app.tsx')));
        if (!app) return [];
        const entry = chunks.find((c) => c.isEntry);
        const files = new Set<string>();
        const visit = (file: string) => {
          const chunk = chunks.find((c) => c.fileName === file);
          if (!chunk || files.has(file) || file === entry?.fileName || entry?.imports.includes(file)) return;
          files.add(file);
          chunk.imports.forEach(visit);
        };
        visit(app.fileName);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        }));
      },
    },
  };
}

/** The entry: what every host runs first (React, i18next, the boot). */
const ENTRY = [/\/src\/main\.tsx$/];
/** What a first visit to a centre's sign-in page runs next: the centre app and the sign-in page. */
const FIRST_VISIT_ROOTS = [/\/src\/app\/centre-app\.tsx$/, /\/src\/features\/auth\/pages\/login\.page\.tsx$/];
/** The notices, loaded after the first paint (app-root.tsx) on every host. */
const NOTICES = [/\/@mantine\/notifications\/esm\/index\.mjs$/];
const REACT = /\/node_modules\/(react|react-dom|scheduler)\//;
// Mantine's components and hooks (with their stylesheets) and floating-ui (its popovers).
const MANTINE = /\/node_modules\/(@mantine\/(core|hooks)|@floating-ui\/[\w-]+)\//;
const ICONS = /\/node_modules\/@tabler\/icons-react\//;

// The parts of an ESTree program the walk reads (Rollup's ModuleInfo.ast).
interface Node {
  type: string;
  source?: { value: unknown } | null;
  declaration?: unknown;
  specifiers?: { type: string; imported?: Name; local?: Name; exported?: Name }[];
}
type Name = { name?: string; value?: string };
const nameOf = (n: Name | undefined) => n?.name ?? n?.value ?? 'default';

/**
 * Every module the roots import statically, directly or not (what loads with them). A named import
 * from a module that only re-exports (`@mantine/core`, `@tabler/icons-react`) follows just the
 * names imported, as tree-shaking does: the barrel itself imports every component and icon.
 */
function staticClosure(meta: Rollup.ManualChunkMeta, roots: RegExp[]): Set<string> {
  const seen = new Set<string>();
  const body = (id: string) => ((meta.getModuleInfo(id)?.ast as { body?: Node[] } | null)?.body ?? []) as Node[];
  // A source as written (`./x.mjs`, `@mantine/core`) to the module it resolved to, among the importer's imports.
  const resolve = (importer: string, source: string): string | undefined => {
    const ids = meta.getModuleInfo(importer)?.importedIds ?? [];
    if (source.startsWith('.')) {
      const file = path.resolve(path.dirname(importer), source);
      return ids.find((id) => id === file || id.startsWith(`${file}.`) || id.startsWith(`${file}/index.`));
    }
    return ids.find((id) => id.includes(`/node_modules/${source}/`));
  };
  const barrels = new Map<string, Map<string, [string, string]> | null>();
  // Exported name → [module, its name there], of a module whose statements only import and re-export; null for any other.
  const reExports = (id: string) => {
    if (barrels.has(id)) return barrels.get(id)!;
    let map: Map<string, [string, string]> | null = new Map<string, [string, string]>();
    for (const node of body(id)) {
      // Imports, and exports of what they imported (`export { icons }`): looked at only when named.
      if (node.type === 'ImportDeclaration' || (node.type === 'ExportNamedDeclaration' && !node.declaration && !node.source)) continue;
      const source = node.type === 'ExportNamedDeclaration' && !node.declaration ? node.source?.value : undefined;
      const target = typeof source === 'string' ? resolve(id, source) : undefined;
      if (!target) {
        map = null;
        break;
      }
      for (const spec of node.specifiers ?? []) map.set(nameOf(spec.exported), [target, nameOf(spec.local)]);
    }
    barrels.set(id, map && map.size ? map : null);
    return barrels.get(id)!;
  };
  const visit = (id: string, names?: string[]) => {
    const barrel = names && reExports(id);
    if (names && barrel && names.every((name) => barrel.has(name))) {
      for (const name of names) {
        const [target, local] = barrel.get(name)!;
        visit(target, [local]);
      }
      return;
    }
    if (seen.has(id)) return;
    seen.add(id);
    const followed = new Set<string>();
    for (const node of body(id)) {
      const source = node.source?.value;
      if (typeof source !== 'string' || !/^(Import|Export(Named|All))Declaration$/.test(node.type)) continue;
      const target = resolve(id, source);
      if (!target) continue;
      followed.add(target);
      const specs = node.specifiers ?? [];
      const named = specs.length > 0 && specs.every((spec) => spec.type === 'ImportSpecifier' || spec.type === 'ExportSpecifier');
      visit(target, named ? specs.map((spec) => nameOf(spec.type === 'ImportSpecifier' ? spec.imported : spec.local)) : undefined);
    }
    // What the AST does not name (a CSS import added by a plugin's code, a helper): all of it.
    for (const target of meta.getModuleInfo(id)?.importedIds ?? []) if (!followed.has(target)) visit(target);
  };
  const found = [...meta.getModuleIds()].filter((id) => roots.some((root) => root.test(id)));
  if (found.length !== roots.length) throw new Error(`vendorChunks: found ${found.length} of the ${roots.length} first-visit roots`);
  for (const root of found) visit(root);
  return seen;
}

/**
 * Rollup's manualChunks: the libraries every signed-in page uses go into a few chunks instead of
 * one per component and icon (a signed-in first load asked for ~160 files, over HTTP/1.1 six at a
 * time, each stylesheet applied on its own).
 * - `react`: React, react-dom and the scheduler, alone (grouped with more, they made a cycle with
 *   the entry: a module read before it was initialised);
 * - `first-visit`: the libraries the sign-in page needs besides the entry's (the static imports
 *   of FIRST_VISIT_ROOTS, not of the entry): the router, Mantine's provider and inputs;
 * - `notices`: what Mantine's notifications need besides those (they load after the first paint);
 * - `mantine`: every other Mantine component and hook and floating-ui; `icons`: every other icon.
 * The entry keeps what it imports itself (its stylesheet: Mantine's global styles only), and each
 * group has one stylesheet (Mantine's per component follow their class maps, mantineComponentStyles).
 * Pages and the other libraries keep Rollup's own split.
 */
function vendorChunks(): (id: string, meta: Rollup.ManualChunkMeta) => string | undefined {
  let groups: { entry: Set<string>; firstVisit: Set<string>; notices: Set<string> } | undefined;
  return (id, meta) => {
    if (REACT.test(id)) return 'react';
    groups ??= {
      entry: staticClosure(meta, ENTRY),
      firstVisit: staticClosure(meta, FIRST_VISIT_ROOTS),
      notices: staticClosure(meta, NOTICES),
    };
    if (groups.entry.has(id) || !id.includes('/node_modules/')) return undefined;
    if (groups.firstVisit.has(id)) return 'first-visit';
    if (groups.notices.has(id)) return 'notices';
    if (MANTINE.test(id)) return 'mantine';
    return ICONS.test(id) ? 'icons' : undefined;
  };
}

export default defineConfig({
  root,
  base: '/',
  plugins: [react(), reactRouterProductionBuild(), mantineComponentStyles(), preloadCentreApp(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Terser packs a few KB tighter than esbuild on every route (React and the router above all).
    minify: 'terser',
    terserOptions: { compress: { passes: 2 } },
    cssCodeSplit: true,
    // SVG artwork stays a cacheable file instead of a data URL inside the JavaScript.
    assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
    // dist/.vite/manifest.json lets scripts/route-size.mjs measure what a route downloads.
    manifest: true,
    // No polyfill: a browser without modulepreload (Safari before 17) skips the hints of index.html,
    // and the preload helper of lazy chunks already falls back to rel="preload".
    modulePreload: { polyfill: false },
    rollupOptions: { output: { manualChunks: vendorChunks() } },
  },
  // Translations are read whole (lib/i18n): one default export, no named export per top-level key.
  json: { namedExports: false },
  server: {
    port: Number(process.env.PORT ?? 5173),
    strictPort: true,
    host: true,
    allowedHosts: ['.localhost', 'localhost'],
    proxy: apiTarget
      ? Object.fromEntries(['/graphql', '/app-config.json', '/dev'].map((p) => [p, { target: apiTarget, changeOrigin: false }]))
      : undefined,
  },
  preview: { port: Number(process.env.PORT ?? 5174), strictPort: true, host: true, allowedHosts: ['.localhost', 'localhost'] },
});
