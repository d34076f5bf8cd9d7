import { readFileSync } from 'node:fs';
import { accessLoaders } from './access/loaders.ts';
import { accessResolvers } from './access/resolvers.ts';
import { authResolvers } from './auth/resolvers.ts';
import { settingsResolvers } from './settings/resolvers.ts';
import { locationLoaders } from './locations/loaders.ts';
import { locationResolvers } from './locations/resolvers.ts';
import { scheduleLoaders } from './schedules/loaders.ts';
import { scheduleResolvers } from './schedules/resolvers.ts';
import { roomLoaders } from './rooms/loaders.ts';
import { roomResolvers } from './rooms/resolvers.ts';
import { cameraLoaders } from './cameras/loaders.ts';
import { cameraResolvers } from './cameras/resolvers.ts';
import { schoolResolvers } from './school/resolvers.ts';
import { studentLoaders } from './students/loaders.ts';
import { studentResolvers } from './students/resolvers.ts';
import { userLoaders } from './users/loaders.ts';
import { userResolvers } from './users/resolvers.ts';
import { familyResolvers } from './families/resolvers.ts';
import { tagLoaders } from './tags/loaders.ts';
import { tagResolvers } from './tags/resolvers.ts';
import { importResolvers } from './imports/resolvers.ts';
import { attendanceLoaders } from './attendance/loaders.ts';
import { attendanceResolvers } from './attendance/resolvers.ts';
import { attendanceSubscriptionResolvers } from './attendance/live.ts';
import { healthResolvers } from './health/resolvers.ts';
import { ratioResolvers } from './ratios/resolvers.ts';
import { timeclockLoaders } from './timeclock/loaders.ts';
import { timeclockResolvers } from './timeclock/resolvers.ts';
import { attendanceReportResolvers } from './attendance-reports/resolvers.ts';
import { streamingResolvers } from './streaming/resolvers.ts';
import { watchingResolvers } from './watching/resolvers.ts';
import { platformResolvers } from './platform/resolvers.ts';

export interface TenantModule {
  name: string;
  schema: string;
  resolvers: Record<string, Record<string, unknown>>;
  loaders?: Record<string, Record<string, unknown>>;
  /** The area's `extend type Subscription` SDL (its resolvers check access themselves). */
  subscriptions?: string;
}

const sdl = (area: string, file = 'schema.graphql') => readFileSync(new URL(`./${area}/${file}`, import.meta.url), 'utf8');

/** The explicit registry of tenant-API areas: add a module here and nowhere else. */
export const modules: TenantModule[] = [
  { name: 'auth', schema: sdl('auth'), resolvers: authResolvers },
  { name: 'access', schema: sdl('access'), resolvers: accessResolvers, loaders: accessLoaders },
  { name: 'settings', schema: sdl('settings'), resolvers: settingsResolvers },
  { name: 'locations', schema: sdl('locations'), resolvers: locationResolvers, loaders: locationLoaders },
  { name: 'schedules', schema: sdl('schedules'), resolvers: scheduleResolvers, loaders: scheduleLoaders },
  { name: 'rooms', schema: sdl('rooms'), resolvers: roomResolvers, loaders: roomLoaders },
  { name: 'cameras', schema: sdl('cameras'), resolvers: cameraResolvers, loaders: cameraLoaders },
  { name: 'school', schema: sdl('school'), resolvers: schoolResolvers },
  { name: 'students', schema: sdl('students'), resolvers: studentResolvers, loaders: studentLoaders },
  { name: 'users', schema: sdl('users'), resolvers: userResolvers, loaders: userLoaders },
  { name: 'families', schema: sdl('families'), resolvers: familyResolvers },
  { name: 'tags', schema: sdl('tags'), resolvers: tagResolvers, loaders: tagLoaders },
  { name: 'imports', schema: sdl('imports'), resolvers: importResolvers },
  { name: 'health', schema: sdl('health'), resolvers: healthResolvers },
  { name: 'ratios', schema: sdl('ratios'), resolvers: ratioResolvers },
  {
    name: 'attendance',
    schema: sdl('attendance'),
    subscriptions: sdl('attendance', 'subscriptions.graphql'),
    resolvers: { ...attendanceResolvers, ...attendanceSubscriptionResolvers },
    loaders: attendanceLoaders,
  },
  { name: 'timeclock', schema: sdl('timeclock'), resolvers: timeclockResolvers, loaders: timeclockLoaders },
  { name: 'attendance-reports', schema: sdl('attendance-reports'), resolvers: attendanceReportResolvers },
  { name: 'streaming', schema: sdl('streaming'), resolvers: streamingResolvers },
  { name: 'watching', schema: sdl('watching'), resolvers: watchingResolvers },
  { name: 'platform', schema: sdl('platform'), resolvers: platformResolvers },
];
