import { badInput, notFound } from '@kv/server';

/** The closed set of this area's error codes: the common NOT_FOUND and BAD_USER_INPUT. */
export const CameraError = { NotFound: 'NOT_FOUND', BadInput: 'BAD_USER_INPUT' } as const;

export const cameraNotFound = () => notFound('Camera not found.');
export const colorTaken = (field = 'color_code') => badInput(field, 'Another camera of this location uses this colour.');
