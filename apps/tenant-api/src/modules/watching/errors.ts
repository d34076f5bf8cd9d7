import { AppError, badInput, notFound } from '@kv/server';
import { REFUSALS, type RefusalCode } from './rules.ts';

/**
 * This area's error codes: the common NOT_FOUND and BAD_USER_INPUT. Refusals to play are not
 * errors: playCamera answers `status: false` with a stable `reason` (rules.ts REFUSALS) and a message.
 */
export const WatchingError = { NotFound: 'NOT_FOUND', BadInput: 'BAD_USER_INPUT' } as const;

export const sessionNotFound = () => notFound('Viewing session not found.');
export const cameraNotFound = () => notFound('Camera not found.');
export const badRange = () => badInput('to', 'The end date must be on or after the start date, at most 92 days later.');
export { AppError };

export function refusal(code: RefusalCode) {
  return { status: false, color: 'danger', reason: code, message: REFUSALS[code] };
}
