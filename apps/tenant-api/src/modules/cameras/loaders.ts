import type { RequestContext } from '../../types.ts';
import { seesCameraSetup } from '../../core/access.ts';
import { camerasByGroupIds, camerasByLocationIds, camerasByScheduleIds, groupsByCameraIds } from './repo.ts';
import { cameraSettingsOf } from './service/settings.ts';
import { schedulesByIds } from '../schedules/index.ts';
import { programsById } from '../rooms/index.ts';

type Query<T> = { obj: T; params: unknown }[];

const present = (values: (string | null | undefined)[]) => [...new Set(values.filter((x): x is string => Boolean(x)).map(String))];

/** Staff rows only: location rows shaped for parents or blog editors carry __view and get no cameras. */
const staffIds = (queries: Query<{ id: string; __view?: string }>) => queries.filter((q) => !q.obj.__view).map((q) => String(q.obj.id));

/** One query per field per request, whatever the number of parents. */
export const cameraLoaders = {
  Location: {
    async cameras(queries: Query<{ id: string; __view?: string }>, ctx: RequestContext) {
      const ids = staffIds(queries);
      const map = ids.length ? await camerasByLocationIds(ctx.db, ids) : new Map();
      return queries.map((q) => (q.obj.__view ? [] : (map.get(String(q.obj.id)) ?? [])));
    },
    async camera_setting(queries: Query<{ id: string; __view?: string }>, ctx: RequestContext) {
      const ids = staffIds(queries);
      const map = ids.length ? await cameraSettingsOf(ctx, ids) : new Map();
      return queries.map((q) => (q.obj.__view ? [] : (map.get(String(q.obj.id)) ?? [])));
    },
  },
  Schedule: {
    async cameras(queries: Query<{ id: string }>, ctx: RequestContext) {
      if (!seesCameraSetup(ctx)) return queries.map(() => []);
      const map = await camerasByScheduleIds(
        ctx.db,
        queries.map((q) => String(q.obj.id)),
      );
      return queries.map((q) => map.get(String(q.obj.id)) ?? []);
    },
  },
  Camera: {
    async room(queries: Query<{ program_id: string | null }>, ctx: RequestContext) {
      const map = await programsById(ctx, present(queries.map((q) => q.obj.program_id)));
      return queries.map((q) => (q.obj.program_id ? (map.get(String(q.obj.program_id)) ?? null) : null));
    },
    async groups(queries: Query<{ id: string }>, ctx: RequestContext) {
      if (!seesCameraSetup(ctx)) return queries.map(() => []);
      const map = await groupsByCameraIds(
        ctx.db,
        queries.map((q) => String(q.obj.id)),
      );
      return queries.map((q) => map.get(String(q.obj.id)) ?? []);
    },
    async schedule(queries: Query<{ schedule_id: string | null }>, ctx: RequestContext) {
      const map = await schedulesByIds(ctx, present(queries.map((q) => q.obj.schedule_id)));
      return queries.map((q) => (q.obj.schedule_id ? (map.get(String(q.obj.schedule_id)) ?? null) : null));
    },
  },
  /** A camera group (rooms area) lists its cameras here, where cameras are read. */
  CameraGroup: {
    async cameras(queries: Query<{ id: string }>, ctx: RequestContext) {
      if (!seesCameraSetup(ctx)) return queries.map(() => []);
      const map = await camerasByGroupIds(
        ctx.db,
        queries.map((q) => String(q.obj.id)),
      );
      return queries.map((q) => map.get(String(q.obj.id)) ?? []);
    },
  },
};
