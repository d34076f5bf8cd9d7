import type { RequestContext } from '../../types.ts';
import { permissionsByRoleIds, rolesByUserIds } from './repo.ts';
import { roleRank, isRoleName } from '@kv/shared';
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
