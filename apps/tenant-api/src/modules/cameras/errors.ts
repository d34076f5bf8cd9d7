import { badInput, notFound } from '@kv/server';

export const cameraNotFound = () => notFound('Camera not found.');
export const colorTaken = (field = 'color_code') => badInput(field, 'Another camera of this location uses this colour.');
