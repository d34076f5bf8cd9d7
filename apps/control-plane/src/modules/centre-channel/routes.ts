import type { FastifyInstance } from 'fastify';
import { CENTRE_API_PATH } from '@kv/auth';
import type { CentreChannel } from './service.ts';

/** `POST /internal/centre-api/<purpose>`: the centre channel over HTTP (tenant API processes elsewhere). */
export async function centreChannelRoutes(app: FastifyInstance, { channel }: { channel: CentreChannel }): Promise<void> {
  app.post<{ Params: { purpose: string } }>(`${CENTRE_API_PATH}/:purpose`, async (request, reply) => {
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    const answer = await channel(scheme?.toLowerCase() === 'bearer' && token ? token : null, request.params.purpose, request.body);
    reply.code(answer.status).header('cache-control', 'no-store');
    if (answer.status === 401) reply.header('www-authenticate', 'Bearer');
    return answer.body;
  });
}
