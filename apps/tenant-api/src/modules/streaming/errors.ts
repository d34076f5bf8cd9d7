import { badInput, notFound } from '@kv/server';

export const streamNotFound = () => notFound('Streaming server not found.');
export const secretNeeded = () => badInput('secret', 'A MediaMTX server needs its API secret (user:password) to end sessions.');
