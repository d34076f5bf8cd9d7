import { sdl, type TenantModule } from '../../core/module.ts';
import { importResolvers } from './resolvers.ts';

/** CSV, Procare and Brightwheel imports and the roster export. */
export const importsModule: TenantModule = { name: 'imports', schema: sdl(import.meta.url), resolvers: importResolvers };

// What other modules (and the app around them) may use:
export { registerImportJobs } from './jobs.ts';
export type { ImportRow } from './repo.ts';
