import type { i18n as I18n } from 'i18next';
import { StrictMode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { operatorToSessionUser } from '../features/operator/api/operator.fragment';
import { OPERATOR_REFRESH_TOKEN_DOCUMENT } from '../features/operator/api/operator-refresh-token.mutation';
import type { AppConfig } from '../lib/app-config';
import { platformEntryPath } from '../lib/entry';
import { GRAPHQL_ENDPOINT } from '../lib/graphql-post';
import { createSessionStore } from '../lib/session-store';
import { AppRoot, type SurfaceDefinition } from './app-root';
import { platformRoutes } from './platform-routes';

const platformSurface: SurfaceDefinition = {
  entryPath: platformEntryPath,
  async sessionDocuments() {
    const [{ OperatorMeQuery }, { OperatorLogoutMutation }] = await Promise.all([
      import('../features/operator/api/operator-me.query'),
      import('../features/operator/api/operator-logout.mutation'),
    ]);
    return { me: OperatorMeQuery, logout: OperatorLogoutMutation };
  },
  pickMe: (data) => {
    const me = (data as { me?: unknown } | undefined)?.me;
    return me === undefined ? undefined : operatorToSessionUser(me);
  },
};

/** The platform host: the operator console. */
export function renderSurface(root: Root, config: AppConfig, i18n: I18n): void {
  const session = createSessionStore({
    endpoint: GRAPHQL_ENDPOINT,
    refreshDocument: OPERATOR_REFRESH_TOKEN_DOCUMENT,
    mapUser: operatorToSessionUser,
  });
  const router = createBrowserRouter(platformRoutes);
  // A transition render is time-sliced: the first render yields to input every few milliseconds
  // instead of holding the main thread until the whole page is built.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppRoot config={config} i18n={i18n} session={session} router={router} surface={platformSurface} />
      </StrictMode>,
    );
  });
}
