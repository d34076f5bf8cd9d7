import type { Client } from '@urql/core';
import { useMemo, useSyncExternalStore } from 'react';
import { Outlet } from 'react-router-dom';
import { Provider } from 'urql';
import { createGraphqlClient } from '../lib/graphql-client';
import type { SessionStore } from '../lib/session-store';
import { useShell } from '../lib/shell-context';

const clients = new WeakMap<SessionStore, { userId: string | null; client: Client }>();

/** The session's client, shared by its pages and the shell: a new one per signed-in user, so no cached data outlives its session. */
export function sessionClient(session: SessionStore): Client {
  const userId = session.getSnapshot().user?.id ?? null;
  const current = clients.get(session);
  if (current?.userId === userId) return current.client;
  const client = createGraphqlClient(session);
  clients.set(session, { userId, client });
  return client;
}

/** The layout route above every page that uses urql (see graphqlRoute). */
export function GraphqlScope() {
  const { session } = useShell();
  // Re-renders when the user changes (not on every session update), handing the pages the new client.
  const userId = useSyncExternalStore(session.subscribe, () => session.getSnapshot().user?.id ?? null);
  const client = useMemo(() => sessionClient(session), [session, userId]);
  return (
    <Provider value={client}>
      <Outlet />
    </Provider>
  );
}
