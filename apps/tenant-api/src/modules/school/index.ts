import { sdl, type TenantModule } from '../../core/module.ts';
import { schoolResolvers } from './resolvers.ts';

/** The school profile. */
export const schoolModule: TenantModule = { name: 'school', schema: sdl(import.meta.url), resolvers: schoolResolvers };
