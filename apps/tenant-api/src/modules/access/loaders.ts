import type { RequestContext } from '../../types.ts';
import { permissionsByRoleIds, rolesByUserIds } from './repo.ts';
import { abilitiesOf, highestRole, roleRank, isRoleName } from '@kv/shared';
import { permissionsByUserIds } from '../../core/scope-repo.ts';

type Query<T> = { obj: T; params: unknown }[];

/** Batched relation fields of User and Role: one query per field per request, whatever the list size. */
export const accessLoaders = {
  User: {
    async roles(queries: Query<{ id: string }>, ctx: RequestContext) {
      const map = await rolesByUserIds(
        ctx.db,
        queries.map((q) => String(q.obj.id)),
      );
      return queries.map((q) =>
        (map.get(String(q.obj.id)) ?? []).sort(
          (a, b) => (isRoleName(b.name) ? roleRank(b.name) : 0) - (isRoleName(a.name) ? roleRank(a.name) : 0),
        ),
      );
    },
    async permissions(queries: Query<{ id: string }>, ctx: RequestContext) {
      const map = await permissionsByUserIds(
        ctx.db,
        queries.map((q) => String(q.obj.id)),
      );
      return queries.map((q) => (map.get(String(q.obj.id)) ?? []).sort());
    },
    /** The viewer's own from the session (no query, as on `me`); anyone else's from their roles. */
    async abilities(queries: Query<{ id: string }>, ctx: RequestContext) {
      const viewer = ctx.viewer;
      const isViewer = (id: string) => Boolean(viewer?.permissions) && id === viewer!.id;
      const others = [...new Set(queries.map((q) => String(q.obj.id)).filter((id) => !isViewer(id)))];
      const [roles, held] = others.length
        ? await Promise.all([rolesByUserIds(ctx.db, others), permissionsByUserIds(ctx.db, others)])
        : [new Map<string, { name: string }[]>(), new Map<string, string[]>()];
      return queries.map((q) => {
        const id = String(q.obj.id);
        if (isViewer(id)) return abilitiesOf(viewer!.role, viewer!.permissions!);
        return abilitiesOf(highestRole((roles.get(id) ?? []).map((r) => r.name)), held.get(id) ?? []);
      });
    },
  },
  Role: {
    async permissions(queries: Query<{ id: string }>, ctx: RequestContext) {
      const map = await permissionsByRoleIds(
        ctx.db,
        queries.map((q) => String(q.obj.id)),
      );
      return queries.map((q) => map.get(String(q.obj.id)) ?? []);
    },
  },
};
