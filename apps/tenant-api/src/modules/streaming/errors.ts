import { badInput, notFound } from '@kv/server';

/** The closed set of this area's error codes: the common NOT_FOUND and BAD_USER_INPUT. */
export const StreamingError = { NotFound: 'NOT_FOUND', BadInput: 'BAD_USER_INPUT' } as const;

export const streamNotFound = () => notFound('Streaming server not found.');
export const secretNeeded = () => badInput('secret', 'A MediaMTX server needs its API secret (user:password) to end sessions.');
