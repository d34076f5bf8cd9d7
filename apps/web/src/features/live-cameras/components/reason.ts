import type { TFunction } from 'i18next';

/** Refusal and end codes the server answers (watching/rules.ts), each with its own wording. */
export const REASON_CODES = [
  'CAMERA_NOT_FOUND',
  'CAMERA_OFF',
  'ACCOUNT_INACTIVE',
  'NOT_LINKED',
  'BLACK_LISTED',
  'NO_CAMERA_PERMISSION',
  'OUTSIDE_SCHEDULE',
  'NOT_CHECKED_IN',
  'LOGIN_LIMIT',
  'OUT_OF_SCOPE',
  'SESSION_ENDED',
  'IDLE',
  'PLAYER_CLOSED',
  'NO_STREAMING_SERVER',
] as const;

/** Why a camera cannot be watched, in the viewer's language (the server's text for unknown codes). */
export function reasonText(t: TFunction, reason: string | null | undefined, fallback: string): string {
  if (reason && (REASON_CODES as readonly string[]).includes(reason)) return t(`cameras:reasons.${reason}`);
  return fallback;
}
