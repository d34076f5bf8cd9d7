import type { i18n as I18n } from 'i18next';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { REFRESH_TOKEN_DOCUMENT } from '../features/auth/api/refresh-token.mutation';
import { CentreThemeSync } from '../features/settings/components/centre-theme-sync';
import type { AppConfig } from '../lib/app-config';
import { centreEntryPath } from '../lib/entry';
import { GRAPHQL_ENDPOINT } from '../lib/graphql-post';
import { guestPaths } from '../lib/guest-paths';
import { createSessionStore, isUser } from '../lib/session-store';
import { AppRoot, type SurfaceDefinition } from './app-root';
import { centreRoutes, patchCentreRoutes } from './centre-routes';

const centreSurface: SurfaceDefinition = {
  entryPath: centreEntryPath,
  async sessionDocuments() {
    const [{ MeQuery }, { LogoutMutation }] = await Promise.all([
      import('../features/auth/api/me.query'),
      import('../features/auth/api/logout.mutation'),
    ]);
    return { me: MeQuery, logout: LogoutMutation };
  },
  pickMe: (data) => {
    const me = (data as { me?: unknown } | undefined)?.me;
    return me === undefined ? undefined : isUser(me) ? me : null;
  },
  Extras: CentreThemeSync,
};

/** A centre host (`<slug>.localhost`): parents, staff, managers and owners of one centre. */
export function renderSurface(root: Root, config: AppConfig, i18n: I18n): void {
  const session = createSessionStore({ endpoint: GRAPHQL_ENDPOINT, refreshDocument: REFRESH_TOKEN_DOCUMENT });
  // Most first visits land on the sign-in page: its translations download beside its chunks, not
  // once its component asks for them.
  if (window.location.pathname === guestPaths.login.pattern) void i18n.loadNamespaces('auth');
  const router = createBrowserRouter(centreRoutes(), { patchRoutesOnNavigation: patchCentreRoutes(config.centre?.kind ?? null) });
  root.render(
    <StrictMode>
      <AppRoot config={config} i18n={i18n} session={session} router={router} surface={centreSurface} />
    </StrictMode>,
  );
}
