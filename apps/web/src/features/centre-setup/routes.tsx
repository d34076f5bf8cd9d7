import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-page';
import type { CentreKind } from '../../lib/menu';
import { paths, type PathName } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-handle';

const locationsTitle = 'shell:menu.allLocations';
const toLocations = [{ title: locationsTitle, path: 'locations' as PathName }];

const locationsPage = lazyPage(() => import('./pages/locations.page'), 'LocationsPage');
const locationPage = lazyPage(() => import('./pages/location.page'), 'LocationPage');

function route(path: PathName, handle: RouteHandle, lazy: RouteObject['lazy']): RouteObject {
  return { path: paths[path].pattern, handle, lazy };
}

/** The centre-setup screens (translations in the `setup` namespace); roles, titles and parents as in the route catalogue. */
export function setupRoutes(kind: CentreKind | null): RouteObject[] {
  void kind;
  const manager = { role: 'manager' } as const;
  const locationChild = { access: manager, title: 'shell:features.locations', parents: toLocations };
  return [
    route('locations', { access: { role: 'manager', permissions: ['locations.manage'] }, title: locationsTitle }, locationsPage),
    route('location', locationChild, locationPage),
    route('locationRooms', locationChild, locationPage),
    route('locationPrograms', locationChild, locationPage),
    route('locationCameras', locationChild, locationPage),
    route('locationManagers', locationChild, locationPage),
    route('locationCameraGroups', locationChild, locationPage),
    route('locationSettings', locationChild, locationPage),
    route(
      'importCameras',
      // Managers import their own locations' cameras (uploadCamerasList / saveUploadCameraList: cameras.manage).
      {
        access: { role: 'manager', permissions: ['cameras.manage'] },
        title: 'shell:features.cameras',
        parents: [{ title: 'shell:menu.cameras', path: 'cameras' }],
      },
      lazyPage(() => import('./pages/import-cameras.page'), 'ImportCamerasPage'),
    ),
    route(
      'rooms',
      { access: manager, title: 'shell:menu.rooms' },
      lazyPage(() => import('./pages/rooms.page'), 'RoomsPage'),
    ),
    route(
      'cameras',
      { access: manager, title: 'shell:menu.cameras' },
      lazyPage(() => import('./pages/cameras.page'), 'CamerasPage'),
    ),
    route(
      'schedules',
      { access: manager, title: 'shell:menu.schedules' },
      lazyPage(() => import('./pages/schedules.page'), 'SchedulesPage'),
    ),
    route(
      'schoolProfile',
      { access: manager, title: 'shell:menu.schoolProfile' },
      lazyPage(() => import('./pages/school-profile.page'), 'SchoolProfilePage'),
    ),
    route(
      'manageLocation',
      { access: manager, title: 'shell:features.locations' },
      lazyPage(() => import('./pages/manage-location.page'), 'ManageLocationPage'),
    ),
  ];
}
