/** A bare GraphQL POST for the few calls that must bypass the urql client (token refresh). */
export interface GraphqlResponse<T> {
  data?: T | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

export class NetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkError';
  }
}

export async function postGraphql<T>(
  fetchImpl: typeof fetch,
  endpoint: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<GraphqlResponse<T>> {
  let response: Response;
  try {
    response = await fetchImpl(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
      body: JSON.stringify({ query, variables }),
    });
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
