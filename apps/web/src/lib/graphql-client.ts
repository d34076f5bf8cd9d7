import { Client, cacheExchange, fetchExchange, subscriptionExchange, type SubscriptionForwarder } from '@urql/core';
import { authExchange } from '@urql/exchange-auth';
import type { Client as WsClient } from 'graphql-ws';
import { GRAPHQL_ENDPOINT } from './graphql-post';
import type { SessionStore } from './session-store';

/** `ws(s)://<this host>/graphql`: the same Host routing as HTTP, so the server picks the centre. */
export function graphqlSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${GRAPHQL_ENDPOINT}`;
}

/**
 * Subscriptions over WebSocket (graphql-transport-ws). `graphql-ws` is imported on the first
 * subscription only, so pages without live updates (the login page above all) never download it.
 * One socket per session client, opened lazily and closed by graphql-ws when the last
 * subscription ends; the access token goes in `connection_init` (a browser WebSocket carries no
 * Authorization header), read afresh (and refreshed when about to expire) on every (re)connect.
 */
export function createSubscriptionForwarder(session: SessionStore, url: () => string = () => graphqlSocketUrl()): SubscriptionForwarder {
  let socket: Promise<WsClient> | null = null;
  const open = () =>
    (socket ??= import('graphql-ws').then(({ createClient }) =>
      createClient({
        url: url(),
        lazy: true,
        retryAttempts: Infinity,
        shouldRetry: () => true,
        async connectionParams() {
          if (session.hasSession() && session.expiresWithin(10_000)) await session.refresh().catch(() => undefined);
          const token = session.getAccessToken();
          return token ? { authorization: `Bearer ${token}` } : {};
        },
      }),
    ));
  return (request) => ({
    subscribe(sink) {
      let dispose: (() => void) | null = null;
      let closed = false;
      void open().then(
        (client) => {
          if (closed) return;
          dispose = client.subscribe({ ...request, query: request.query ?? '' }, sink);
        },
        (error: unknown) => sink.error(error),
      );
      return {
        unsubscribe() {
          closed = true;
          dispose?.();
        },
      };
    },
  });
}

/**
 * One client per session: the bearer token goes on every call, an expiring token is refreshed
 * before the call, and an `UNAUTHENTICATED` answer triggers one refresh and one retry.
 * Subscriptions go over a lazily opened WebSocket (see `createSubscriptionForwarder`).
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
      subscriptionExchange({ forwardSubscription: createSubscriptionForwarder(session) }),
    ],
  });
}
