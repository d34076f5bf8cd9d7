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

export { registerFileJobs } from './jobs.ts';
export { scheduleUploadSweep } from './sweep.ts';
export { acceptedAudit, checkAndStore, type ReadyColumns } from './accept.ts';
