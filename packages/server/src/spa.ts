import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const SERVER_PREFIXES = ['/graphql', '/dev/', '/internal/', '/media/', '/.well-known/', '/app-config.json', '/healthz', '/robots.txt', '/webhooks/'];

export interface SpaOptions {
  /**
   * The pages search engines may index on this host (exact paths); robots.txt disallows the rest.
   * None: the whole host is disallowed.
   */
  indexable?: string[];
}

/** robots.txt for a host whose only indexable pages are `indexable`. */
export function robotsTxt(indexable: string[]): string {
  // `$` ends a pattern (Google, Bing): `/login` must not allow `/login-anything`.
  const allow = indexable.map((p) => `Allow: ${p}$`);
  return ['User-agent: *', ...allow, 'Disallow: /', ''].join('\n');
}

/**
 * Serves the built SPA: hashed assets with long caching, and index.html (never cached) for every
 * other GET that is not a server route, so history-mode routes load on refresh. The build writes
 * brotli and gzip copies beside each text file (apps/web/vite.config.ts); a client gets the one its
 * Accept-Encoding takes, so serving a file costs no compression.
 */
export async function registerSpa(app: FastifyInstance, distDir: string, opts: SpaOptions = {}): Promise<boolean> {
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed copies are variants of their file, not URLs of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false, // our own header below: hashed assets are immutable, the rest is not cached
    setHeaders: (res, filePath) => {
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // Which copy was sent depends on Accept-Encoding: a shared cache must keep them apart.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  const robots = robotsTxt(opts.indexable ?? []);
  app.get('/robots.txt', (_request, reply) => {
    reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots);
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const isServerRoute = SERVER_PREFIXES.some((p) => url === p || url.startsWith(p));
    if (request.method !== 'GET' || isServerRoute || url.startsWith('/assets/')) {
      return reply.code(404).send({ error: 'Not found' });
    }
    return reply.header('cache-control', 'no-store').sendFile('index.html');
  });
  return true;
}
