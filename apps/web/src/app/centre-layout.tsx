import { Suspense, useMemo } from 'react';
import { useQuery } from 'urql';
import { DEFAULT_SIDEBAR } from '@kv/shared';
import { LocationPicker } from '../components/layout/location-picker';
import { MainLayout } from '../components/layout/main-layout';
import { SidebarPermissionsQuery } from '../features/access/api/sidebar-permissions.query';
import type { SidebarRules } from '../lib/menu';
import { NotificationBellWidget } from '../features/notifications/routes';
import { centreMenu } from './centre-menu';

/** The centre's main layout: its menu, filtered by the centre's sidebar settings, and the location picker. */
export function CentreLayout() {
  const [{ data, error }] = useQuery({ query: SidebarPermissionsQuery });
  // Until the centre's own settings arrive (or if they cannot be read), the seeded defaults apply.
  const sidebar = useMemo<SidebarRules>(
    () => new Map(data ? data.getSidebarPermissions.map((p) => [p.menu_name, p.roles] as const) : Object.entries(DEFAULT_SIDEBAR)),
    [data],
  );
  return (
    <MainLayout
      menu={centreMenu}
      sidebar={sidebar}
      topBarStart={<LocationPicker />}
      topBarEnd={
        <Suspense fallback={null}>
          <NotificationBellWidget />
        </Suspense>
      }
      menuReady={Boolean(data || error)}
    />
  );
}
