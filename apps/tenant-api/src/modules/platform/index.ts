import { sdl, type TenantModule } from '../../core/module.ts';
import { platformResolvers } from './resolvers.ts';

/** What the centre reads from the platform through the control-plane channel: its plan and trial. */
export const platformModule: TenantModule = { name: 'platform', schema: sdl(import.meta.url), resolvers: platformResolvers };
