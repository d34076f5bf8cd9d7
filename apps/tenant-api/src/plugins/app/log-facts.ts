import type { FastifyRequest } from 'fastify';
import type { RequestFacts } from '@kv/server';

/** The centre and user a request's log lines name (set by the tenant resolver and auth hooks). */
export const describeRequest = (request: FastifyRequest): RequestFacts => ({ centreId: request.tenant?.id, userId: request.viewer?.id });
