import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const SERVER_PREFIXES = ['/graphql', '/dev/', '/internal/', '/media/', '/.well-known/', '/app-config.json', '/healthz'];

/**
 * Serves the built SPA: hashed assets with long caching, and index.html (never cached) for every
 * other GET that is not a server route, so history-mode routes load on refresh.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    cacheControl: false, // our own header below: hashed assets are immutable, the rest is not cached
    setHeaders: (res, filePath) => {
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
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
