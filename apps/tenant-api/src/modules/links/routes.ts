import type { FastifyInstance } from 'fastify';
import * as repo from './repo.ts';
import { CODE_PATTERN } from './service/tiny-urls.ts';

/** `GET /s/:code` on a centre host: 302 to the target, 404 for a code the centre does not have. */
export async function tinyUrlRoutes(app: FastifyInstance): Promise<void> {
  app.get('/s/:code', async (request, reply) => {
    const { code } = request.params as { code: string };
    const target = CODE_PATTERN.test(code) ? await repo.targetOf(await request.tenantDb(), code) : null;
    if (!target) return reply.code(404).header('cache-control', 'no-store').send({ error: 'Not found' });
    return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(target, 302);
  });
}
