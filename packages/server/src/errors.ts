import mercurius from 'mercurius';

/** Codes every area may use; areas add their own (`<AREA>_<REASON>`) in their errors.ts. */
export const CommonError = {
  Unauthenticated: 'UNAUTHENTICATED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  BadUserInput: 'BAD_USER_INPUT',
  Throttled: 'THROTTLED',
  CentreUnavailable: 'CENTRE_UNAVAILABLE',
  Internal: 'INTERNAL',
} as const;

/**
 * An error made on purpose: its message and extensions reach the client. Anything else that
 * escapes a resolver is replaced by "Internal error" (no SQL, stack or path ever leaks).
 */
export class AppError extends mercurius.ErrorWithProps {
  readonly code: string;
  constructor(code: string, message: string, extra: Record<string, unknown> = {}, statusCode = 200) {
    super(message, { code, ...extra }, statusCode);
    this.code = code;
  }
}

/** The HTTP request itself is unusable (a parameter of the wrong type): answered 4xx with code BAD_REQUEST. */
export class BadRequestError extends Error {
  readonly statusCode = 400;
}

export function badInput(field: string, message: string): AppError {
  return new AppError(CommonError.BadUserInput, message, { field });
}

export function forbidden(message = 'You are not allowed to do this.'): AppError {
  return new AppError(CommonError.Forbidden, message);
}

export function notFound(message = 'Not found.'): AppError {
  return new AppError(CommonError.NotFound, message);
}

/** Connection-level failures of a centre's database: the centre answers 503, nobody else notices. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  '3D000',
  '57P01',
  '57P03',
  '53300',
  '08006',
  '08001',
  '08003',
]);

export function isDatabaseUnavailable(err: unknown): boolean {
  let e = err as { code?: string; name?: string; message?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
    if (e.name === 'KnexTimeoutError') return true;
    if (typeof e.message === 'string' && /Connection terminated|connect ECONNREFUSED/.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
