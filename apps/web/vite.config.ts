import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npx vite build apps/web` from the repo root and `npx vite build` here both resolve to this folder.
const root = fileURLToPath(new URL('.', import.meta.url));
// A local dev server (ports 5173-5179) forwards the server routes to a running API.
const apiTarget = process.env.KV_API_URL;

export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: true,
    // SVG artwork stays a cacheable file instead of a data URL inside the JavaScript.
    assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
    // dist/.vite/manifest.json lets scripts/route-size.mjs measure what a route downloads.
    manifest: true,
  },
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
