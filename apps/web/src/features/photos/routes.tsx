import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { PermissionName } from '@kv/shared';
import { lazyPage } from '../../lib/lazy-page';
import type { CentreKind } from '../../lib/menu';
import { paths, type PathName } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-handle';

const page = () => import('./pages/photos.page');
const TITLE = 'shell:menu.photos';
const PARENT = [{ title: TITLE, path: 'photos' as PathName }] as const;
/** getPhotos: staff need students.view (authorization matrix). */
const VIEW: readonly PermissionName[] = ['students.view'];

function route(path: PathName, title: string, lazyRoute: NonNullable<RouteObject['lazy']>, extra: Partial<RouteHandle> = {}): RouteObject {
  const handle: RouteHandle = { access: { role: 'teacher', permissions: VIEW }, title, ...extra };
  return { path: paths[path].pattern, handle, lazy: lazyRoute };
}

/**
 * A child's photo consent and photos, for the child's profile (people); the app hands it in, so it
 * loads on its own, only where it is shown.
 */
export const StudentMediaPanel = lazy(() => import('./components/student-media').then((m) => ({ default: m.StudentMedia })));

/** The newest photos of a parent's children, for /home (dashboard); handed in by the app like the panel above. */
export const LatestPhotosWidget = lazy(() => import('./components/latest-photos').then((m) => ({ default: m.LatestPhotos })));

/** The photo albums (translations in the `photos` namespace): students, staff and facility, for teachers and managers. */
export function photosRoutes(kind: CentreKind | null): RouteObject[] {
  void kind;
  return [
    route('photos', TITLE, lazyPage(page, 'PhotosPage'), { noCrumb: true }),
    route('photosStudents', 'photos:albums.students', lazyPage(page, 'PhotosStudentsPage'), { parents: PARENT }),
    route('photosStaff', 'photos:albums.staff', lazyPage(page, 'PhotosStaffPage'), { parents: PARENT }),
    route('photosFacility', 'photos:albums.facility', lazyPage(page, 'PhotosFacilityPage'), { parents: PARENT }),
  ];
}
