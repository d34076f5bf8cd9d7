import type { AccessRule } from './access';
import type { PathName } from './paths';

/**
 * What every route carries in `handle`. `title` is an i18n key (`ns:key`) used for the page
 * heading, breadcrumbs and starred pages.
 */
export interface RouteHandle {
  access?: AccessRule;
  title?: string;
  /** Breadcrumbs between Home and this page (e.g. Home > Billing > Agency Account). */
  parents?: readonly { title: string; path: PathName }[];
  /** Leave the route out of breadcrumbs (redirects, index routes). */
  noCrumb?: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}
