import type { GraphqlErrorLike, GraphqlFailure } from './graphql-errors';

/**
 * Bare GraphQL POSTs for the calls that do without the urql client: the token refresh, and the
 * guest path (the sign-in page and the centre's theme), which so never downloads urql.
 */
export const GRAPHQL_ENDPOINT = '/graphql';

/** GraphQL text that carries its result and variables types, as urql's TypedDocumentNode does. */
export type GraphqlDocument<Data, Variables extends Record<string, unknown> = Record<string, never>> = string & {
  readonly __types?: (variables: Variables) => Data;
};

export interface GraphqlResponse<T> {
  data?: T | null;
  errors?: GraphqlErrorLike[];
}

export class NetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkError';
  }
}

// A JSON body passes the server's CSRF prevention (packages/server graphql-hardening) without a preflight header.
function postInit(query: string, variables: Record<string, unknown>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
    body: JSON.stringify({ query, variables }),
  };
}

/** For the session store: a 5xx or an unreadable answer is a NetworkError (keep the session, try later). */
export async function postGraphql<T>(
  fetchImpl: typeof fetch,
  endpoint: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<GraphqlResponse<T>> {
  let response: Response;
  try {
    response = await fetchImpl(endpoint, postInit(query, variables));
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : 'fetch failed');
  }
  if (response.status >= 500) throw new NetworkError(`HTTP ${response.status}`);
  try {
    return (await response.json()) as GraphqlResponse<T>;
  } catch {
    throw new NetworkError('invalid JSON');
  }
}

export interface GraphqlResult<Data> {
  data?: Data | null;
  error?: GraphqlFailure;
}

/**
 * One operation, answered as urql's fetchExchange answers it: a body with `data` or `errors` is a
 * result whatever the HTTP status (a 503 "centre unavailable" keeps its message), `errors` become
 * `graphQLErrors`; no answer or an unreadable one is a `networkError` (the status text when the
 * status is not 2xx). Never rejects, so callers read `error` as they do with urql.
 */
export async function requestGraphql<Data, Variables extends Record<string, unknown>>(
  document: GraphqlDocument<Data, Variables>,
  variables: Variables,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<GraphqlResult<Data>> {
  let response: Response | undefined;
  try {
    response = await fetchImpl(GRAPHQL_ENDPOINT, postInit(document, variables));
    const body = JSON.parse(await response.text()) as GraphqlResponse<Data> | null;
    if (!body || typeof body !== 'object' || !('data' in body || Array.isArray(body.errors))) throw new Error('No Content');
    return { data: body.data, error: Array.isArray(body.errors) ? { graphQLErrors: body.errors } : undefined };
  } catch (error) {
    const failedStatus = response && (response.status < 200 || response.status >= 300) && response.statusText;
    const networkError = failedStatus ? new Error(failedStatus) : error instanceof Error ? error : new Error(String(error));
    return { error: { networkError, graphQLErrors: [] } };
  }
}
