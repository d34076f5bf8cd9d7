import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import type { RoleName, ThemeMode } from '@kv/shared';
import type { AppConfig } from './app-config';
import type { SessionSnapshot, SessionStore } from './session-store';
import { viewerFromUser, type Viewer } from './viewer';

/** What the shell offers every feature, whichever surface (operator console or centre) it runs on. */
export interface Shell {
  config: AppConfig;
  session: SessionStore;
  /** Where a role lands on this surface. */
  entryPath(role: RoleName): string;
  /** Ends the session on the server, then clears every stored key. */
  signOut(): Promise<void>;
}

/** The centre's own look from its theme settings (logo, sign-in image, title). */
export interface Branding {
  title: string | null;
  appLogo: string | null;
  loginImage: string | null;
  collapseSidebar: boolean;
}

export interface ThemeControls {
  mode: ThemeMode;
  branding: Branding;
  colour: string;
  setMode(mode: ThemeMode): void;
  /** Ignored unless a 3- or 6-digit hex colour. */
  setColour(colour: string): void;
  /** Re-applies the centre's saved settings (after saving them on the customizer). */
  applyCentreSetting(setting: CentreThemeSetting, options?: { override?: boolean }): void;
}

export interface CentreThemeSetting {
  theme_mode?: string | null;
  theme_color?: string | null;
  set_title?: string | null;
  top_bar_title?: string | null;
  app_logo?: string | null;
  login_page_image?: string | null;
  collapse_sidebar?: boolean | null;
}

export const ShellContext = createContext<Shell | null>(null);
export const ThemeControlsContext = createContext<ThemeControls | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell outside ShellContext');
  return shell;
}

export function useAppConfig(): AppConfig {
  return useShell().config;
}

export function useThemeControls(): ThemeControls {
  const controls = useContext(ThemeControlsContext);
  if (!controls) throw new Error('useThemeControls outside ThemeControlsContext');
  return controls;
}

export function useSessionSnapshot(): SessionSnapshot {
  const { session } = useShell();
  return useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
}

export function useViewer(): Viewer {
  const { user } = useSessionSnapshot();
  return useMemo(() => viewerFromUser(user), [user]);
}
