import type { TenantModule } from '../core/module.ts';
import { authModule } from './auth/index.ts';
import { accessModule } from './access/index.ts';
import { settingsModule } from './settings/index.ts';
import { locationsModule } from './locations/index.ts';
import { schedulesModule } from './schedules/index.ts';
import { roomsModule } from './rooms/index.ts';
import { camerasModule } from './cameras/index.ts';
import { schoolModule } from './school/index.ts';
import { studentsModule } from './students/index.ts';
import { usersModule } from './users/index.ts';
import { familiesModule } from './families/index.ts';
import { tagsModule } from './tags/index.ts';
import { importsModule } from './imports/index.ts';
import { healthModule } from './health/index.ts';
import { ratiosModule } from './ratios/index.ts';
import { attendanceModule } from './attendance/index.ts';
import { timeclockModule } from './timeclock/index.ts';
import { attendanceReportsModule } from './attendance-reports/index.ts';
import { streamingModule } from './streaming/index.ts';
import { watchingModule } from './watching/index.ts';
import { filesModule } from './files/index.ts';
import { platformModule } from './platform/index.ts';
import { photosModule } from './photos/index.ts';
import { activitiesModule } from './activities/index.ts';
import { billingModule } from './billing/index.ts';
import { chatModule } from './chat/index.ts';
import { foodMenuModule } from './food-menu/index.ts';
import { formNotices, formsModule } from './forms/index.ts';
import { notificationsModule, notifyUsers } from './notifications/index.ts';
import { announcementsModule } from './announcements/index.ts';
import { calendarModule } from './calendar/index.ts';
import { studentSchedulesModule, expectedStudents, setWeekSchedule } from './student-schedules/index.ts';
import { staffSchedulesModule } from './staff-schedules/index.ts';
import { linksModule } from './links/index.ts';
import { smsModule } from './sms/index.ts';
import { newslettersModule } from './newsletters/index.ts';
import { documentsModule } from './documents/index.ts';
import { immunizationsModule, doseGaps } from './immunizations/index.ts';
import { GAP_KINDS } from './documents/index.ts';
import { clearRoom, findCameras } from './cameras/index.ts';
import { roomCameras } from './rooms/index.ts';
import { notifyTeam, publishRatios, scheduleAttendanceTick } from './attendance/index.ts';
import { ratioEffects } from './ratios/index.ts';
import { findLabels, setLabelsOf } from './tags/index.ts';
import { findPeople, peopleCounters, userScopeOf } from './users/index.ts';
import { studentLabels, studentPeople, studentSchedule } from './students/index.ts';
import { expectedAttendance } from './attendance/index.ts';
import { ratioExpected } from './ratios/index.ts';

export type { TenantModule };

/**
 * The explicit registry of tenant-API areas: add a module here and nowhere else. Each module's
 * `index.ts` exports its definition and the functions other modules may use; modules depend on
 * each other one way only (boundaries.test.ts), and where a module needs one that depends on it,
 * it declares a port that is plugged in below.
 */
export const modules: TenantModule[] = [
  authModule,
  accessModule,
  settingsModule,
  locationsModule,
  schedulesModule,
  roomsModule,
  camerasModule,
  schoolModule,
  studentsModule,
  usersModule,
  familiesModule,
  tagsModule,
  importsModule,
  healthModule,
  ratiosModule,
  attendanceModule,
  timeclockModule,
  attendanceReportsModule,
  streamingModule,
  watchingModule,
  filesModule,
  platformModule,
  photosModule,
  activitiesModule,
  billingModule,
  chatModule,
  foodMenuModule,
  formsModule,
  notificationsModule,
  announcementsModule,
  calendarModule,
  studentSchedulesModule,
  staffSchedulesModule,
  linksModule,
  smsModule,
  newslettersModule,
  documentsModule,
  immunizationsModule,
];

// Ports: what a module needs from one that depends on it.
roomCameras.provide({ findCameras, clearRoom });
ratioEffects.provide({ notifyTeam, publishRatios, scheduleTick: scheduleAttendanceTick });
studentLabels.provide({ findLabels, setLabelsOf });
studentPeople.provide({
  contactsInScope: async (ctx, ids) => findPeople(ctx.db, ids, { scope: await userScopeOf(ctx) }),
  person: async (db, id) => (await findPeople(db, [id]))[0],
  peopleCounters: async (ctx, locationId) => peopleCounters(ctx.db, await userScopeOf(ctx), locationId),
});
expectedAttendance.provide({ expectedStudents });
formNotices.provide({ notifyUsers });
ratioExpected.provide({ expectedStudents });
studentSchedule.provide({ setWeekSchedule });
// Compliance gaps: immunizations add the `dose` kind to documents' open list.
if (!GAP_KINDS.includes(doseGaps)) GAP_KINDS.push(doseGaps);
