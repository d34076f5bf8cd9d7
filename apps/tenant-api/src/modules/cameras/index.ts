import { sdl, type TenantModule } from '../../core/module.ts';
import { cameraResolvers } from './resolvers.ts';
import { cameraLoaders } from './loaders.ts';

/** Camera management, settings and CSV import. */
export const camerasModule: TenantModule = {
  name: 'cameras',
  schema: sdl(import.meta.url),
  resolvers: cameraResolvers,
  loaders: cameraLoaders,
};

// What other modules (and the app around them) may use:
export { parseCsv } from './csv.ts';
export { CAMERA_COLUMNS, clearRoom, findCameras, readLocationSetting, writeLocationSetting } from './repo.ts';
export type { CameraRow } from './repo.ts';
export { CAMERA_SETTING_DEFAULTS } from './service/settings.ts';
