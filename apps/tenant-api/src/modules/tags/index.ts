import { sdl, type TenantModule } from '../../core/module.ts';
import { tagResolvers } from './resolvers.ts';
import { tagLoaders } from './loaders.ts';

/** Tags, allergies, medications and relationships. */
export const tagsModule: TenantModule = { name: 'tags', schema: sdl(import.meta.url), resolvers: tagResolvers, loaders: tagLoaders };

// What other modules (and the app around them) may use:
export { findLabels, setLabelsOf } from './repo.ts';
export type { LabelRow, RelationshipRow } from './repo.ts';
