import { sdl, type TenantModule } from '../../core/module.ts';
import { photoResolvers } from './resolvers.ts';
import { photoLoaders } from './loaders.ts';

/**
 * Photos and videos (issue 17): the students, staff and facility albums on the files service,
 * approval, logs, the image setting and bulk re-encoding, and photo consent enforced on every read.
 * The GraphQL `Photo` type is defined here for other areas' schemas (activities) to reference.
 */
export const photosModule: TenantModule = {
  name: 'photos',
  schema: sdl(import.meta.url),
  resolvers: photoResolvers,
  loaders: photoLoaders,
};

// What other modules (and the app around them) may use:
export { approvedPhotoIds, checkMediaTags, visiblePhotoIds } from './service/consent.ts';
export { PHOTO_APPROVED } from './service/photos.ts';
export { photoAudience } from './repo.ts';
export { currentConsents, CONSENTS, DEFAULT_CONSENT, type Consent, type ConsentRow, type LogRow, type PhotoRow } from './repo.ts';
