export type ErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'BAD_USER_INPUT' | 'THROTTLED' | (string & {});

export interface GraphqlErrorLike {
  message: string;
  extensions?: Record<string, unknown>;
}

/** A failed GraphQL call: urql's CombinedError, or what `requestGraphql` (lib/graphql-post) answers. */
export interface GraphqlFailure {
  networkError?: Error;
  graphQLErrors: readonly GraphqlErrorLike[];
}

function errorsOf(error: GraphqlFailure | null | undefined): readonly GraphqlErrorLike[] {
  return error?.graphQLErrors ?? [];
}

export function errorCodes(error: GraphqlFailure | null | undefined): ErrorCode[] {
  return errorsOf(error)
    .map((e) => e.extensions?.code)
    .filter((c): c is string => typeof c === 'string');
}

export function hasErrorCode(error: GraphqlFailure | null | undefined, code: ErrorCode): boolean {
  return errorCodes(error).includes(code);
}

/** The first error with this code, to show its message (a typed error the form places itself). */
export function errorWithCode(error: GraphqlFailure | null | undefined, code: ErrorCode): { message: string } | undefined {
  return errorsOf(error).find((e) => e.extensions?.code === code);
}

/** `BAD_USER_INPUT` errors that name a field: field → server message. */
export function fieldErrors(error: GraphqlFailure | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errorsOf(error)) {
    const field = e.extensions?.field;
    if (e.extensions?.code === 'BAD_USER_INPUT' && typeof field === 'string' && !(field in out)) out[field] = e.message;
  }
  return out;
}

/** Seconds to wait after a `THROTTLED` error, when the server said so. */
export function retryAfterSeconds(error: GraphqlFailure | null | undefined): number | null {
  for (const e of errorsOf(error)) {
    const value = e.extensions?.retryAfter;
    if (e.extensions?.code === 'THROTTLED' && typeof value === 'number') return value;
  }
  return null;
}

/** Errors not tied to a form field, to show as one notice. */
export function generalErrorMessages(error: GraphqlFailure | null | undefined, knownFields: readonly string[] = []): string[] {
  return errorsOf(error)
    .filter((e) => !(typeof e.extensions?.field === 'string' && knownFields.includes(e.extensions.field)))
    .map((e) => e.message);
}
