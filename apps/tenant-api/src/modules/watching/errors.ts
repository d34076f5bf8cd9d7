import { AppError, badInput, notFound } from '@kv/server';
import { REFUSALS, type RefusalCode } from './rules.ts';

export const sessionNotFound = () => notFound('Viewing session not found.');
export const cameraNotFound = () => notFound('Camera not found.');
export const badRange = () => badInput('to', 'The end date must be on or after the start date, at most 92 days later.');
export { AppError };

/**
 * Refusals to play are not errors: playCamera answers `status: false` with a stable `reason`
 * (rules.ts REFUSALS) and a message.
 */
export function refusal(code: RefusalCode) {
  return { status: false, color: 'danger', reason: code, message: REFUSALS[code] };
}
