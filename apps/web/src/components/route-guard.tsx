import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { decideAccess, type AccessDecision } from '../lib/access';
import { guestPaths } from '../lib/guest-paths';
import { withSearch } from '../lib/path-builder';
import { isRouteHandle } from '../lib/route-handle';
import { useViewer } from '../lib/shell-context';
import type { Viewer } from '../lib/viewer';

/** Every matched route's rule must allow the viewer; the first refusal decides. */
export function decideForMatches(handles: readonly unknown[], viewer: Viewer): AccessDecision {
  for (const handle of handles) {
    if (!isRouteHandle(handle) || !handle.access) continue;
    const decision = decideAccess(handle.access, viewer);
    if (decision !== 'allow') return decision;
  }
  return 'allow';
}

/**
 * Guards everything inside the main layout. A guest goes to /login and comes back after signing
 * in; a signed-in user without the role or permission also goes to /login (spec §2), told why.
 */
export function RouteGuard() {
  const matches = useMatches();
  const viewer = useViewer();
  const location = useLocation();
  const decision = decideForMatches(
    matches.map((m) => m.handle),
    viewer,
  );
  if (decision === 'allow') return <Outlet />;
  const wanted = `${location.pathname}${location.search}${location.hash}`;
  const to = withSearch(guestPaths.login.to(), { redirect: wanted, denied: decision === 'forbidden' ? '1' : null });
  return <Navigate to={to} replace />;
}
