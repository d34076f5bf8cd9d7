import type { RouteObject } from 'react-router-dom';
import { RouteError } from '../components/route-error';
import { RouteGuard } from '../components/route-guard';
import { accessRoutes } from '../features/access/routes';
import { billingParentRoutes } from '../features/billing/parent-routes';
import { LatestActivitiesWidget, StudentActivitiesPanel, activitiesRoutes } from '../features/activities/routes';
import { ActionItemsWidget, TopAnnouncementsWidget, announcementsRoutes } from '../features/announcements/routes';
import { RoomRatioWidget, attendanceRoutes } from '../features/attendance/routes';
import { UpcomingEventsWidget, calendarRoutes } from '../features/calendar/routes';
import { billingRoutes } from '../features/billing/routes';
import { setupRoutes } from '../features/centre-setup/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { TodaysMenuWidget, foodMenuRoutes } from '../features/food-menu/routes';
import { formsRoutes } from '../features/forms/routes';
import { documentsRoutes } from '../features/documents/routes';
import { StudentImmunizationsPanel } from '../features/immunizations/routes';
import { liveCameraRoutes } from '../features/live-cameras/routes';
import { myPlanRoutes } from '../features/my-plan/routes';
import { NotificationSettingsPanel } from '../features/notifications/routes';
import { peopleRoutes } from '../features/people/routes';
import { StudentSchedulePanel, studentSchedulesRoutes } from '../features/student-schedules/routes';
import { LatestPhotosWidget, StudentMediaPanel, photosRoutes } from '../features/photos/routes';
import { chatRoutes } from '../features/chat/routes';
import { newslettersRoutes } from '../features/newsletters/routes';
import { settingsRoutes } from '../features/settings/routes';
import { smsRoutes } from '../features/sms/routes';
import { upcomingRoutes } from '../features/upcoming/routes';
import { agencyRoutes } from '../features/billing/agency-routes';
import type { CentreKind } from '../lib/menu';
import { graphqlRoute } from './graphql-route';

/** Everything inside the main layout: each feature's pages, then the pages of later issues on the paths no feature serves yet. */
export function signedInRoutes(kind: CentreKind | null): RouteObject[] {
  const served = [
    ...dashboardRoutes({
      roomRatio: RoomRatioWidget,
      latestActivities: LatestActivitiesWidget,
      latestPhotos: LatestPhotosWidget,
      todaysMenu: TodaysMenuWidget,
      topAnnouncements: TopAnnouncementsWidget,
      actionItems: ActionItemsWidget,
      upcomingEvents: UpcomingEventsWidget,
    }),
    ...accessRoutes,
    ...settingsRoutes,
    ...setupRoutes(kind),
    ...peopleRoutes(kind, {
      studentMedia: StudentMediaPanel,
      studentActivities: StudentActivitiesPanel,
      notificationSettings: NotificationSettingsPanel,
      studentSchedule: StudentSchedulePanel,
      studentImmunizations: StudentImmunizationsPanel,
    }),
    ...attendanceRoutes(kind),
    ...liveCameraRoutes(kind),
    ...photosRoutes(kind),
    ...activitiesRoutes(kind, { loadMediaUpload: () => import('../features/photos/lib/album-upload').then((m) => m.uploadToAlbum) }),
    ...chatRoutes(kind),
    ...foodMenuRoutes(kind),
    ...formsRoutes(kind),
    ...announcementsRoutes(kind),
    ...calendarRoutes(kind),
    ...studentSchedulesRoutes(kind),
    ...billingRoutes(kind),
    ...agencyRoutes(kind),
    ...smsRoutes(),
    ...billingParentRoutes(kind),
    ...newslettersRoutes(kind),
    ...documentsRoutes(kind),
    ...myPlanRoutes(),
  ];
  const servedPaths = new Set(served.map((route) => route.path));
  return [...served, ...upcomingRoutes(kind, servedPaths)];
}

/** The main layout's chunk (loaded with the first signed-in page). */
export const loadCentreLayout = () => import('./centre-layout');

/** The guarded main layout (loaded with its first page) around the signed-in pages. */
export function signedInLayoutRoute(kind: CentreKind | null): RouteObject {
  return {
    element: <RouteGuard />,
    children: [
      graphqlRoute([
        {
          lazy: async () => ({ Component: (await loadCentreLayout()).CentreLayout }),
          errorElement: <RouteError />,
          children: signedInRoutes(kind),
        },
      ]),
    ],
  };
}
