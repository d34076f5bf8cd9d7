import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { PermissionName, RoleName } from '@kv/shared';
import { lazyPage } from '../../lib/lazy-page';
import type { CentreKind } from '../../lib/menu';
import { paths, type PathName } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-handle';

const T = (key: string) => `attendance:titles.${key}`;
const ATTENDANCE_PARENT = [{ title: T('attendance'), path: 'attendance' as PathName }] as const;

function route(
  path: PathName,
  role: RoleName,
  title: string,
  lazy: NonNullable<RouteObject['lazy']>,
  extra: Partial<RouteHandle> & { permissions?: readonly PermissionName[] } = {},
): RouteObject {
  const { permissions, ...rest } = extra;
  const handle: RouteHandle = { access: { role, permissions }, title: T(title), ...rest };
  return { path: paths[path].pattern, handle, lazy };
}

/** The gate's permissions for what the pages load (authorization matrix). */
const TAKE = { permissions: ['attendance.manage'] } as const satisfies { permissions: readonly PermissionName[] };
const REPORTS = { permissions: ['reports.view'] } as const satisfies { permissions: readonly PermissionName[] };

const students = () => import('./pages/students.page');
const report = {
  staffHours: lazyPage(() => import('./pages/reports/staff-hours.page'), 'StaffHoursPage'),
  staffTimeTracking: lazyPage(() => import('./pages/reports/staff-time-tracking.page'), 'StaffTimeTrackingPage'),
  studentDailyHours: lazyPage(() => import('./pages/reports/student-daily-hours.page'), 'StudentDailyHoursPage'),
  studentHours: lazyPage(() => import('./pages/reports/student-hours.page'), 'StudentHoursPage'),
  staffActivity: lazyPage(() => import('./pages/reports/staff-activity.page'), 'StaffActivityPage'),
  attendanceSummary: lazyPage(() => import('./pages/reports/attendance-summary.page'), 'AttendanceSummaryPage'),
  studentAttendance: lazyPage(() => import('./pages/reports/student-attendance.page'), 'StudentAttendanceReportPage'),
  timeclock: lazyPage(() => import('./pages/reports/timeclock.page'), 'TimeclockReportPage'),
};

/**
 * The manager dashboard's live room ratio widget (loaded on its own, only where it is mounted); the
 * app hands it to the dashboard, which may not import this feature.
 */
export const RoomRatioWidget = lazy(() => import('./components/ratio-widget').then((m) => ({ default: m.RatioWidget })));

/** The attendance screens (translations in the `attendance` namespace). Roles and parents as in spec §2. */
export function attendanceRoutes(kind: CentreKind | null): RouteObject[] {
  void kind;
  return [
    route(
      'attendance',
      'teacher',
      'attendance',
      lazyPage(() => import('./pages/attendance-home.page'), 'AttendanceHomePage'),
      TAKE,
    ),
    route('attendanceStudents', 'teacher', 'attendanceStudents', lazyPage(students, 'AttendanceStudentsPage'), {
      ...TAKE,
      parents: ATTENDANCE_PARENT,
    }),
    route(
      'attendanceStaff',
      'teacher',
      'attendanceStaff',
      lazyPage(() => import('./pages/staff.page'), 'AttendanceStaffPage'),
      {
        parents: ATTENDANCE_PARENT,
      },
    ),
    route(
      'attendanceReports',
      'teacher',
      'attendanceReports',
      lazyPage(() => import('./pages/attendance-reports.page'), 'AttendanceReportsPage'),
      { parents: ATTENDANCE_PARENT },
    ),
    route('attendanceTimeclock', 'teacher', 'attendanceTimeclock', report.timeclock, {
      parents: [...ATTENDANCE_PARENT, { title: T('attendanceReports'), path: 'attendanceReports' as PathName }],
    }),
    route(
      'attendanceHealthScreen',
      'teacher',
      'attendanceHealthScreen',
      lazyPage(() => import('./pages/health-screen.page'), 'HealthScreenPage'),
      { ...TAKE, parents: ATTENDANCE_PARENT },
    ),
    route(
      'attendanceKiosk',
      'teacher',
      'attendanceKiosk',
      lazyPage(() => import('./pages/kiosk.page'), 'KioskPage'),
      { ...TAKE, parents: ATTENDANCE_PARENT },
    ),
    route(
      'attendanceCheckInQr',
      'manager',
      'attendanceCheckInQr',
      lazyPage(() => import('./pages/check-in-qr.page'), 'CheckInQrPage'),
      { parents: ATTENDANCE_PARENT },
    ),
    route('teacherStudentsCheckInOrOut', 'teacher', 'teacherStudentsCheckInOrOut', lazyPage(students, 'TeacherCheckInPage'), TAKE),
    route('studentActivityCheckInOrOut', 'manager', 'studentActivityCheckInOrOut', lazyPage(students, 'ManagerCheckInPage'), TAKE),
    route(
      'userStudentsCheckInOrOut',
      'user',
      'userStudentsCheckInOrOut',
      lazyPage(() => import('./pages/parent-check-in.page'), 'ParentCheckInPage'),
    ),
    route(
      'roomRatio',
      'manager',
      'roomRatio',
      lazyPage(() => import('./pages/room-ratio.page'), 'RoomRatioPage'),
    ),
    route('staffHours', 'manager', 'staffHours', report.staffHours, REPORTS),
    route('staffTimeTracking', 'manager', 'staffTimeTracking', report.staffTimeTracking, REPORTS),
    route('studentDailyHours', 'manager', 'studentDailyHours', report.studentDailyHours, REPORTS),
    route('studentHours', 'manager', 'studentHours', report.studentHours, REPORTS),
    route('staffActivity', 'manager', 'staffActivity', report.staffActivity, REPORTS),
    route('attendanceSummary', 'teacher', 'attendanceSummary', report.attendanceSummary),
    route('studentAttendanceReport', 'teacher', 'studentAttendanceReport', report.studentAttendance),
  ];
}
