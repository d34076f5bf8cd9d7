import { MantineProvider } from '@mantine/core';
import type { TypedDocumentNode } from '@urql/core';
import type { i18n as I18n } from 'i18next';
import { Suspense, lazy, useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import type { createBrowserRouter } from 'react-router-dom';
import type { RoleName, ThemeMode } from '@kv/shared';
import type { AppConfig } from '../lib/app-config';
import { setNoticeCloseLabel } from '../lib/notices';
import { guestPaths } from '../lib/guest-paths';
import type { SessionStore, SessionUser } from '../lib/session-store';
import {
  ShellContext,
  ThemeControlsContext,
  type Branding,
  type CentreThemeSetting,
  type Shell,
  type ThemeControls,
} from '../lib/shell-context';
import {
  buildTheme,
  colourSchemeOf,
  cssVariablesResolver,
  isThemeMode,
  readStoredThemeColour,
  readStoredThemeMode,
  resolveThemeColour,
  resolveThemeMode,
  storeThemeColour,
  storeThemeMode,
} from '../lib/theme';
import { isHexColour } from '@kv/shared';

/** The signed-in user's own operations, loaded with urql (never by the sign-in page). */
export interface SessionDocuments {
  me: TypedDocumentNode<object, Record<string, never>>;
  logout: TypedDocumentNode<object, { session_id?: string | null }>;
}

export interface SurfaceDefinition {
  entryPath(role: RoleName): string;
  sessionDocuments(): Promise<SessionDocuments>;
  pickMe(data: object | undefined): SessionUser | null | undefined;
  /** Rendered inside every provider (e.g. the centre's theme settings loader). */
  Extras?: ComponentType;
}

interface AppRootProps {
  config: AppConfig;
  i18n: I18n;
  session: SessionStore;
  router: ReturnType<typeof createBrowserRouter>;
  surface: SurfaceDefinition;
}

// Loaded after the first paint; notices raised before it mounts wait in the notifications store.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

const NO_BRANDING: Branding = { title: null, appLogo: null, loginImage: null, collapseSidebar: false };

function useThemeState(): ThemeControls {
  const [mode, setModeState] = useState<ThemeMode>(() => resolveThemeMode(readStoredThemeMode(), null));
  const [colour, setColourState] = useState<string>(() => resolveThemeColour(readStoredThemeColour(), null));
  const [branding, setBranding] = useState<Branding>(NO_BRANDING);
  const setMode = useCallback((next: ThemeMode) => {
    storeThemeMode(next);
    setModeState(next);
  }, []);
  const setColour = useCallback((next: string) => {
    if (!isHexColour(next)) return;
    storeThemeColour(next);
    setColourState(next);
  }, []);
  const applyCentreSetting = useCallback((setting: CentreThemeSetting, options?: { override?: boolean }) => {
    const override = options?.override ?? false;
    setModeState(override ? resolveThemeMode(null, setting.theme_mode) : resolveThemeMode(readStoredThemeMode(), setting.theme_mode));
    setColourState(
      override ? resolveThemeColour(null, setting.theme_color) : resolveThemeColour(readStoredThemeColour(), setting.theme_color),
    );
    if (override) {
      if (isThemeMode(setting.theme_mode)) storeThemeMode(setting.theme_mode);
      if (setting.theme_color && isHexColour(setting.theme_color)) storeThemeColour(setting.theme_color);
    }
    setBranding({
      title: setting.top_bar_title || setting.set_title || null,
      appLogo: setting.app_logo || null,
      loginImage: setting.login_page_image || null,
      collapseSidebar: Boolean(setting.collapse_sidebar),
    });
  }, []);
  return useMemo(
    () => ({ mode, colour, branding, setMode, setColour, applyCentreSetting }),
    [mode, colour, branding, setMode, setColour, applyCentreSetting],
  );
}

/** The session's urql client and the surface's session documents, loaded together. */
async function sessionGraphql(session: SessionStore, surface: SurfaceDefinition) {
  const [{ sessionClient }, documents] = await Promise.all([import('./graphql-scope'), surface.sessionDocuments()]);
  return { client: sessionClient(session), documents };
}

/**
 * Providers shared by both surfaces: translations, theme, router. The GraphQL client is not one
 * of them: pages get it from their `graphqlRoute`, so the sign-in page loads without urql.
 */
export function AppRoot({ config, i18n, session, router, surface }: AppRootProps) {
  const themeControls = useThemeState();
  const theme = useMemo(() => buildTheme(themeControls.colour), [themeControls.colour]);

  useEffect(() => session.start(), [session]);

  useEffect(() => {
    const apply = () => setNoticeCloseLabel(i18n.t('common:actions.close'));
    apply();
    i18n.on('languageChanged', apply);
    return () => i18n.off('languageChanged', apply);
  }, [i18n]);

  // Confirm the stored user with the server once per page load (roles and permissions may have changed).
  useEffect(() => {
    if (!session.hasSession()) return;
    void sessionGraphql(session, surface)
      .then(({ client, documents }) => client.query(documents.me, {}, { requestPolicy: 'network-only' }).toPromise())
      .then(
        (result) => {
          if (result.error) return;
          const me = surface.pickMe(result.data);
          if (me) session.setUser(me);
          else if (me === null) session.clear('expired');
        },
        // urql could not be loaded (offline): as when the query fails, the stored user stands.
        () => undefined,
      );
  }, [session, surface]);

  const shell = useMemo<Shell>(
    () => ({
      config,
      session,
      entryPath: surface.entryPath,
      async signOut() {
        try {
          const { client, documents } = await sessionGraphql(session, surface);
          await client.mutation(documents.logout, { session_id: session.getSessionId() }).toPromise();
        } catch {
          // As when the logout call itself fails (urql answers with an error, never throws): the
          // local session ends all the same.
        } finally {
          session.clear('logout');
          await router.navigate(guestPaths.login.to(), { replace: true });
        }
      },
    }),
    [config, session, surface, router],
  );

  const { Extras } = surface;
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme={colourSchemeOf(themeControls.mode)}>
        <ShellContext.Provider value={shell}>
          <ThemeControlsContext.Provider value={themeControls}>
            <Suspense fallback={null}>
              <Notifications position="top-right" limit={4} />
            </Suspense>
            {Extras ? <Extras /> : null}
            <RouterProvider router={router} />
          </ThemeControlsContext.Provider>
        </ShellContext.Provider>
      </MantineProvider>
    </I18nextProvider>
  );
}
