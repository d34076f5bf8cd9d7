import { sdl, type TenantModule } from '../../core/module.ts';
import { fileResolvers } from './resolvers.ts';
import { fileLoaders } from './loaders.ts';

/** Uploads and stored files: signed upload forms, the check job, signed reads after the owner's access check. */
export const filesModule: TenantModule = {
  name: 'files',
  schema: sdl(import.meta.url),
  resolvers: fileResolvers,
  loaders: fileLoaders,
};

export { checkQueuedUpload, registerFileJobs } from './jobs.ts';
export { scheduleUploadSweep } from './sweep.ts';
export { acceptedAudit, checkAndStore, type ReadyColumns } from './accept.ts';
export { MEDIA_PURPOSES, purposeOf, rulesOf } from './purposes.ts';
export { findFiles, markFilesDeleted, type FileRow } from './repo.ts';
export { centreStore } from './service.ts';
export { fileDownloadUrl, fileUrls, type FileObj } from './urls.ts';
export { IMAGE_SETTING_BOUNDS, IMAGE_SETTING_DEFAULTS, IMAGE_SETTING_KEY, readImageSetting, type ImageSetting } from './image-setting.ts';
export { reencodeImages } from './reencode.ts';
