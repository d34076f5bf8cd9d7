import { createRoot, type Root } from 'react-dom/client';
import { AppConfigError, languagePackOf, loadAppConfig, type AppConfig } from '../lib/app-config';
import { guestPaths } from '../lib/guest-paths';
import { initI18n } from '../lib/i18n';
import { readString } from '../lib/local-store';
import { STORAGE_KEYS } from '../lib/storage-keys';

/**
 * Starts the first page's chunks downloading while /app-config.json is asked for, instead of once
 * the app has rendered: the sign-in page on /login, the signed-in route table and main layout when a
 * session is stored. They are the centre app's (every host but the platform's is a
 * centre); a download that fails here is tried again by the route that needs it.
 */
function prefetchFirstPage(): void {
  const first =
    window.location.pathname === guestPaths.login.pattern
      ? import('../features/auth/pages/login.page')
      : readString(STORAGE_KEYS.appToken)
        ? Promise.all([import('./centre-signed-in-routes'), import('./centre-layout')])
        : null;
  first?.catch(() => undefined);
}

/**
 * Start-up: ask the host which surface it serves, load the matching translations, then load only
 * that surface's app (the operator console and the centre app are separate chunks).
 */
export async function boot(element: HTMLElement): Promise<void> {
  prefetchFirstPage();
  const root: Root = createRoot(element);
  let config: AppConfig;
  try {
    config = await loadAppConfig();
  } catch (error) {
    const [i18n, { BootError }] = await Promise.all([initI18n('default'), import('./boot-error')]);
    root.render(<BootError i18n={i18n} reason={error instanceof AppConfigError ? error.reason : 'network'} />);
    return;
  }
  const [i18n, surface] = await Promise.all([
    initI18n(languagePackOf(config)),
    config.surface === 'platform' ? import('./platform-app') : import('./centre-app'),
  ]);
  surface.renderSurface(root, config, i18n);
}
