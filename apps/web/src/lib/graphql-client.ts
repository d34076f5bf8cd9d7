import { Client, cacheExchange, fetchExchange } from '@urql/core';
import { authExchange } from '@urql/exchange-auth';
import type { SessionStore } from './session-store';

export const GRAPHQL_ENDPOINT = '/graphql';

/**
 * One client per session: the bearer token goes on every call, an expiring token is refreshed
 * before the call, and an `UNAUTHENTICATED` answer triggers one refresh and one retry.
 */
export function createGraphqlClient(session: SessionStore): Client {
  return new Client({
    url: GRAPHQL_ENDPOINT,
    preferGetMethod: false,
    exchanges: [
      cacheExchange,
      authExchange(async (utils) => ({
        addAuthToOperation(operation) {
          const token = session.getAccessToken();
          return token ? utils.appendHeaders(operation, { Authorization: `Bearer ${token}` }) : operation;
        },
        willAuthError() {
          return session.hasSession() && session.expiresWithin(10_000);
        },
        didAuthError(error) {
          return (
            session.hasSession() &&
            (error.graphQLErrors.some((e) => e.extensions?.code === 'UNAUTHENTICATED') || error.response?.status === 401)
          );
        },
        async refreshAuth() {
          await session.refresh();
        },
      })),
      fetchExchange,
    ],
  });
}
