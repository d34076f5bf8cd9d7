import type { CombinedError } from '@urql/core';

export type ErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'BAD_USER_INPUT' | 'THROTTLED' | (string & {});

interface ErrorLike {
  message: string;
  extensions?: Record<string, unknown>;
}

function errorsOf(error: CombinedError | null | undefined): ErrorLike[] {
  return error?.graphQLErrors ?? [];
}

export function errorCodes(error: CombinedError | null | undefined): ErrorCode[] {
  return errorsOf(error)
    .map((e) => e.extensions?.code)
    .filter((c): c is string => typeof c === 'string');
}

export function hasErrorCode(error: CombinedError | null | undefined, code: ErrorCode): boolean {
  return errorCodes(error).includes(code);
}

/** The first error with this code, to show its message (a typed error the form places itself). */
export function errorWithCode(error: CombinedError | null | undefined, code: ErrorCode): { message: string } | undefined {
  return errorsOf(error).find((e) => e.extensions?.code === code);
}

/** `BAD_USER_INPUT` errors that name a field: field → server message. */
export function fieldErrors(error: CombinedError | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errorsOf(error)) {
    const field = e.extensions?.field;
    if (e.extensions?.code === 'BAD_USER_INPUT' && typeof field === 'string' && !(field in out)) out[field] = e.message;
  }
  return out;
}

/** Seconds to wait after a `THROTTLED` error, when the server said so. */
export function retryAfterSeconds(error: CombinedError | null | undefined): number | null {
  for (const e of errorsOf(error)) {
    const value = e.extensions?.retryAfter;
    if (e.extensions?.code === 'THROTTLED' && typeof value === 'number') return value;
  }
  return null;
}

/** Errors not tied to a form field, to show as one notice. */
export function generalErrorMessages(error: CombinedError | null | undefined, knownFields: readonly string[] = []): string[] {
  return errorsOf(error)
    .filter((e) => !(typeof e.extensions?.field === 'string' && knownFields.includes(e.extensions.field)))
    .map((e) => e.message);
}
