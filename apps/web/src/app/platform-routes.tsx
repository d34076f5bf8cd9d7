import { Navigate, type RouteObject } from 'react-router-dom';
import { PlainGuestLayout } from '../components/guest/guest-layout';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../components/route-error';
import { RouteGuard } from '../components/route-guard';
import { operatorGuestRoutes, operatorRoutes } from '../features/operator/routes';
import { signupGuestRoutes } from '../features/signup/routes';
import { notFoundRoutes } from '../features/public-pages/routes';
import { googleCallbackRoutes } from '../features/calendar/routes';
import { paths } from '../lib/paths';
import { graphqlRoute } from './graphql-route';
import { RootRoute } from './root-route';

/** The platform host (`localhost`): operator sign-in and the operator console, every page below a `graphqlRoute`. */
export const platformRoutes: RouteObject[] = [
  {
    element: <RootRoute />,
    hydrateFallbackElement: <PageLoader />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PlainGuestLayout />,
        errorElement: <RouteError />,
        children: [graphqlRoute([...operatorGuestRoutes, ...signupGuestRoutes, ...googleCallbackRoutes, ...notFoundRoutes])],
      },
      {
        path: '/',
        element: <RouteGuard />,
        children: [
          graphqlRoute([
            {
              lazy: async () => ({ Component: (await import('./platform-layout')).PlatformLayout }),
              errorElement: <RouteError />,
              children: operatorRoutes,
            },
          ]),
        ],
      },
      { path: '*', element: <Navigate to={paths.error404.to()} replace /> },
    ],
  },
];
