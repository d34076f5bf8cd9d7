import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { NavigationOverlay } from '../components/navigation-overlay';
import { PageLoader } from '../components/page-loader';

/** The top of every route tree: navigation overlay, scroll restoration, and a loader while translations load. */
export function RootRoute() {
  return (
    <>
      <NavigationOverlay />
      <ScrollRestoration />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
