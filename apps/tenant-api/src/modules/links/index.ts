import { sdl, type TenantModule } from '../../core/module.ts';
import { linkResolvers } from './resolvers.ts';

/**
 * Tiny URLs (issue 18): `makeTinyUrl(url)` (http(s) targets only) gives the centre's short link
 * `/s/:code`, which redirects (302) on the centre host; SMS links are shortened through
 * `shortenLinks`. One code per target.
 */
export const linksModule: TenantModule = {
  name: 'links',
  schema: sdl(import.meta.url),
  resolvers: linkResolvers,
};

// What other modules (and the app around them) may use:
export { shortenLinks, tinyUrlFor } from './service/tiny-urls.ts';
export { tinyUrlRoutes } from './routes.ts';
