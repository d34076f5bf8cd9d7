import { createRoot, type Root } from 'react-dom/client';
import { AppConfigError, languagePackOf, loadAppConfig, type AppConfig } from '../lib/app-config';
import { initI18n } from '../lib/i18n';

/**
 * Start-up: ask the host which surface it serves, load the matching translations, then load only
 * that surface's app (the operator console and the centre app are separate chunks).
 */
export async function boot(element: HTMLElement): Promise<void> {
  // index.html preloads the centre app (every host but the platform's is a centre): it starts its
  // first page's chunks downloading while /app-config.json is on its way.
  const centreApp = import('./centre-app');
  centreApp.then((app) => app.prefetchFirstPage()).catch(() => undefined);
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
    config.surface === 'platform' ? import('./platform-app') : centreApp,
  ]);
  surface.renderSurface(root, config, i18n);
}
