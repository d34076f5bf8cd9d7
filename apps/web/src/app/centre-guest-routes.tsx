import { PlainGuestLayout } from '../components/guest/guest-layout';
import { RouteError } from '../components/route-error';
import { attendanceGuestRoutes } from '../features/attendance/guest-routes';
import { authLinkRoutes, authRoutes } from '../features/auth/routes';
import { notFoundRoutes } from '../features/public-pages/routes';
import { unsubscribeGuestRoutes } from '../features/newsletters/guest-routes';
import { formsGuestRoutes } from '../features/forms/guest-routes';
import type { CentreRouteTables } from './centre-routes';
import { graphqlRoute } from './graphql-route';

/** The guest pages besides sign-in: beside it on the sign-in artwork, or on the plain guest layout. */
export function guestRouteTables(): CentreRouteTables {
  return {
    auth: [graphqlRoute(authRoutes)],
    root: [
      {
        element: <PlainGuestLayout />,
        errorElement: <RouteError />,
        children: [graphqlRoute([...authLinkRoutes, ...attendanceGuestRoutes, ...unsubscribeGuestRoutes, ...formsGuestRoutes, ...notFoundRoutes])],
      },
    ],
  };
}
