import { Suspense, lazy } from 'react';
import { Navigate } from 'react-router-dom';
import { roleAtLeast } from '@kv/shared';
import { PageLoader } from '../../../components/page-loader';
import { centreEntryPath } from '../../../lib/entry';
import { useViewer } from '../../../lib/shell-context';
import type { DashboardWidgets } from '../routes';

// Only managers and owners stay on the root: everyone else is redirected without downloading it.
const ManagerDashboard = lazy(() => import('../components/manager-dashboard').then((m) => ({ default: m.ManagerDashboard })));

/**
 * The root: managers and centre owners get their dashboard here; everyone else is sent to theirs
 * (user → /home, blog → /blogs, teacher → /dashboard).
 */
export function EntryPage({ widgets = {} }: { widgets?: DashboardWidgets }) {
  const viewer = useViewer();
  if (!roleAtLeast(viewer.role, 'manager')) return <Navigate to={centreEntryPath(viewer.role)} replace />;
  return (
    <Suspense fallback={<PageLoader />}>
      <ManagerDashboard widgets={widgets} />
    </Suspense>
  );
}
