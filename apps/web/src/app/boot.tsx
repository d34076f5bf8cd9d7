import { createRoot, type Root } from 'react-dom/client';
import { AppConfigError, languagePackOf, loadAppConfig, type AppConfig } from '../lib/app-config';
import { initI18n } from '../lib/i18n';

/**
 * Start-up: ask the host which surface it serves, load the matching translations, then load only
 * that surface's app (the operator console and the centre app are separate chunks).
 */
export async function boot(element: HTMLElement): Promise<void> {
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
