import type { RequestContext } from '../../types.ts';
import * as repo from './repo.ts';
import { shapeSetting } from './service/account.ts';
import { readScope, type LocationScope, isStaff, requireViewer } from '../../core/access.ts';
import { visibleLocation, listLocations } from '../locations/index.ts';

type Query<T> = { obj: T; params: unknown }[];

const NAMES_ONLY: LocationScope = { all: false, ids: new Set(), view: 'names' };

/** Full location rows for (user, location) pairs, shaped by what the viewer may see of each location. */
async function locationsFor(ctx: RequestContext, pairs: { user_id: string; id: string }[]) {
  const ids = [...new Set(pairs.map((p) => String(p.id)))];
  const [rows, scope] = await Promise.all([ids.length ? listLocations(ctx.db, ids) : [], readScope(ctx)]);
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  const map = new Map<string, unknown[]>();
  for (const p of pairs) {
    const r = byId.get(String(p.id));
    if (!r) continue;
    const shaped = visibleLocation(scope.all || scope.ids.has(String(r.id)) ? scope : NAMES_ONLY, r);
    map.set(String(p.user_id), [...(map.get(String(p.user_id)) ?? []), shaped]);
  }
  return map;
}

/** A person's relations, batched: one query (or two) per field per request. */
export const userLoaders = {
  User: {
    async locations(queries: Query<{ id: string }>, ctx: RequestContext) {
      const map = await locationsFor(
        ctx,
        await repo.memberLocationsOf(
          ctx.db,
          queries.map((q) => String(q.obj.id)),
        ),
      );
      return queries.map((q) => map.get(String(q.obj.id)) ?? []);
    },
    async managerlocations(queries: Query<{ id: string }>, ctx: RequestContext) {
      const map = await locationsFor(
        ctx,
        await repo.managedLocationsOf(
          ctx.db,
          queries.map((q) => String(q.obj.id)),
        ),
      );
      return queries.map((q) => map.get(String(q.obj.id)) ?? []);
    },
    async programs(queries: Query<{ id: string }>, ctx: RequestContext) {
      const rows = await repo.programsOfTeachers(
        ctx.db,
        queries.map((q) => String(q.obj.id)),
      );
      const map = new Map<string, unknown[]>();
      for (const { user_id, ...p } of rows) map.set(String(user_id), [...(map.get(String(user_id)) ?? []), p]);
      return queries.map((q) => map.get(String(q.obj.id)) ?? []);
    },
    /** The contact setting: the person themself and staff only. */
    async setting(queries: Query<{ id: string }>, ctx: RequestContext) {
      const v = requireViewer(ctx);
      const allowed = (id: string) => isStaff(v) || id === v.id;
      const ids = queries.map((q) => String(q.obj.id)).filter(allowed);
      const [rows, maxima] = await Promise.all([
        ids.length ? repo.settingsOf(ctx.db, ids) : [],
        ids.length ? repo.maxDailyLoginsByUsers(ctx.db, ids) : new Map(),
      ]);
      const byUser = new Map(rows.map((r) => [String(r.user_id), r]));
      return queries.map((q) =>
        allowed(String(q.obj.id))
          ? shapeSetting(String(q.obj.id), byUser.get(String(q.obj.id)), maxima.get(String(q.obj.id)) ?? null)
          : null,
      );
    },
    async last_updated_by(queries: Query<{ updated_by?: string | null }>, ctx: RequestContext) {
      const ids = [
        ...new Set(
          queries
            .map((q) => q.obj.updated_by)
            .filter((x): x is string => Boolean(x))
            .map(String),
        ),
      ];
      const rows = ids.length ? await repo.findPeople(ctx.db, ids) : [];
      const names = new Map(rows.map((r) => [String(r.id), `${r.fname} ${r.lname}`]));
      return queries.map((q) => (q.obj.updated_by ? (names.get(String(q.obj.updated_by)) ?? null) : null));
    },
  },
};
