import type { FastifyRequest } from 'fastify';
import type { RequestFacts } from '@kv/server';
import { viewerOf } from './auth.ts';

/** The operator a request's log lines name (the platform host concerns no one centre). */
export const describeRequest = (request: FastifyRequest): RequestFacts => ({ userId: viewerOf(request)?.id });
