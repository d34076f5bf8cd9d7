import { notFound } from '@kv/server';

/** The closed set of the ratios area's error codes (the common NOT_FOUND and BAD_USER_INPUT). */
export const RatioError = { NotFound: 'NOT_FOUND', BadInput: 'BAD_USER_INPUT' } as const;

export const ratioRoomNotFound = () => notFound('Room not found.');
