import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
