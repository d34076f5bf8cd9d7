import type { i18n as I18n } from 'i18next';
import { StrictMode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { REFRESH_TOKEN_DOCUMENT } from '../features/auth/api/refresh-token.mutation';
import { CentreThemeSync } from '../features/settings/components/centre-theme-sync';
import type { AppConfig } from '../lib/app-config';
import { centreEntryPath } from '../lib/entry';
import { GRAPHQL_ENDPOINT } from '../lib/graphql-post';
import { guestPaths } from '../lib/guest-paths';
import { readString } from '../lib/local-store';
import { createSessionStore, isUser } from '../lib/session-store';
import { STORAGE_KEYS } from '../lib/storage-keys';
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

/**
 * Starts the first page's chunks downloading before the app renders (boot calls it while
 * /app-config.json is on its way): the sign-in page on /login, the signed-in route table and main
 * layout when a session is stored. Imported from here, they keep the chunks they had (what the
 * centre app holds is not split out again); a download that fails is tried again by its route.
 */
export function prefetchFirstPage(): void {
  const first =
    window.location.pathname === guestPaths.login.pattern
      ? import('../features/auth/pages/login.page')
      : readString(STORAGE_KEYS.appToken)
        ? import('./centre-signed-in-routes').then((routes) => routes.loadCentreLayout())
        : null;
  first?.catch(() => undefined);
}

/** A centre host (`<slug>.localhost`): parents, staff, managers and owners of one centre. */
export function renderSurface(root: Root, config: AppConfig, i18n: I18n): void {
  const session = createSessionStore({ endpoint: GRAPHQL_ENDPOINT, refreshDocument: REFRESH_TOKEN_DOCUMENT });
  // Most first visits land on the sign-in page: its translations download beside its chunks, not
  // once its component asks for them.
  if (window.location.pathname === guestPaths.login.pattern) void i18n.loadNamespaces('auth');
  const router = createBrowserRouter(centreRoutes(), { patchRoutesOnNavigation: patchCentreRoutes(config.centre?.kind ?? null) });
  // A transition render is time-sliced: the first render yields to input every few milliseconds
  // instead of holding the main thread until the whole page is built.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppRoot config={config} i18n={i18n} session={session} router={router} surface={centreSurface} />
      </StrictMode>,
    );
  });
}
