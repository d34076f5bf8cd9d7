import { readFileSync } from 'node:fs';
import { holdsEveryPermission, isPermissionName, isRoleName, roleAtLeast, type PermissionName, type RoleName } from '@kv/shared';
import { AppError, CommonError, forbidden } from '@kv/server';
import type { RequestContext, Viewer } from '../types.ts';
import { permissionsByUserIds } from '../core/scope-repo.ts';

/**
 * The authorization matrix (role × operation × relation) lives in a data file. The gate enforces
 * each root field's lowest role and named permission before its resolver runs; relations (own
 * child, own location, own room) are checked by the services and exercised by the tests that read
 * the same file.
 */
export interface MatrixEntry {
  min_role: RoleName;
  /** Who the data may belong to: public, self, own_children, managed_locations, centre… */
  scope: string;
  /** The named permission the caller must hold; a list means any one of them. */
  permission?: PermissionName | PermissionName[];
  /**
   * The lowest role the permission applies to (default `min_role`): roles below it reach the
   * operation through their relation alone (a parent reads their own children without
   * `students.view`).
   */
  permission_from?: RoleName;
  note?: string;
}

export type AuthorizationMatrix = Record<string, MatrixEntry>;

export function loadMatrix(): AuthorizationMatrix {
  const raw = JSON.parse(readFileSync(new URL('../authorization-matrix.json', import.meta.url), 'utf8')) as {
    operations: Record<string, unknown>;
  };
  return checkMatrix(raw.operations);
}

/** Every entry names a known role, known permissions, and a permission_from at or above its min_role. */
export function checkMatrix(operations: Record<string, unknown>): AuthorizationMatrix {
  for (const [op, value] of Object.entries(operations)) {
    const e = value as MatrixEntry;
    if (!isRoleName(e.min_role)) throw new Error(`authorization-matrix.json: ${op} has an unknown min_role`);
    const named = e.permission === undefined ? [] : [e.permission].flat();
    if (named.some((p) => !isPermissionName(p))) throw new Error(`authorization-matrix.json: ${op} names an unknown permission`);
    if (e.permission !== undefined && !named.length) throw new Error(`authorization-matrix.json: ${op} has an empty permission list`);
    if (named.length && holdsEveryPermission(e.min_role))
      throw new Error(`authorization-matrix.json: ${op} names a permission its role always holds`);
    if (e.permission_from !== undefined) {
      if (!isRoleName(e.permission_from) || !roleAtLeast(e.permission_from, e.min_role) || !named.length) {
        throw new Error(`authorization-matrix.json: ${op} has a permission_from without a permission or below its min_role`);
      }
    }
  }
  return operations as AuthorizationMatrix;
}

/** What the gate checks for one operation, worked out once at start-up. */
export interface Gate {
  minRole: RoleName;
  /** Any one of these is enough; empty: no named permission. */
  permissions: readonly PermissionName[];
  permissionFrom: RoleName;
}

export function gateOf(entry: MatrixEntry): Gate {
  return {
    minRole: entry.min_role,
    permissions: entry.permission === undefined ? [] : [entry.permission].flat(),
    permissionFrom: entry.permission_from ?? entry.min_role,
  };
}

/** Whether the permission check of a gate applies to this role at all. */
export function permissionApplies(gate: Gate, role: RoleName): boolean {
  return gate.permissions.length > 0 && roleAtLeast(role, gate.permissionFrom) && !holdsEveryPermission(role);
}

const heldCache = new WeakMap<Viewer, Promise<ReadonlySet<string>>>();

/** A viewer built without its permission set (never by the session lookup) has it read once. */
function heldPermissions(ctx: RequestContext, viewer: Viewer): Promise<ReadonlySet<string>> {
  let p = heldCache.get(viewer);
  if (!p) {
    p = permissionsByUserIds(ctx.db, [viewer.id]).then((m) => new Set(m.get(viewer.id) ?? []));
    heldCache.set(viewer, p);
  }
  return p;
}

const holdsAny = (held: ReadonlySet<string>, wanted: readonly string[]) => wanted.some((p) => held.has(p));

/**
 * Refuses a caller below the operation's role, or without its named permission. Returns a promise
 * only for a viewer that came without its permission set; the session's viewer costs a Set lookup.
 */
export function checkAccess(gate: Gate, ctx: RequestContext): void | Promise<void> {
  if (gate.minRole === 'guest') return;
  const viewer = ctx.viewer;
  if (!viewer) throw new AppError(CommonError.Unauthenticated, 'Please sign in.');
  if (!roleAtLeast(viewer.role, gate.minRole)) throw forbidden();
  if (!permissionApplies(gate, viewer.role)) return;
  if (viewer.permissions) {
    if (!holdsAny(viewer.permissions, gate.permissions)) throw forbidden();
    return;
  }
  return heldPermissions(ctx, viewer).then((held) => {
    if (!holdsAny(held, gate.permissions)) throw forbidden();
  });
}

/** The only mutations a read-only support session may run: ending or keeping its own session. */
export const SUPPORT_READ_MUTATIONS: ReadonlySet<string> = new Set(['logout', 'refreshToken']);

export const SUPPORT_READ_ONLY = 'SUPPORT_READ_ONLY';

/** A support session in `read` mode (the default) changes nothing: every other mutation is refused. */
export function checkSupportMode(field: string, ctx: RequestContext): void {
  const support = ctx.viewer?.support;
  if (!support || support.mode === 'write' || SUPPORT_READ_MUTATIONS.has(field)) return;
  throw new AppError(SUPPORT_READ_ONLY, 'This support session is read-only: nothing can be changed in it.');
}

type Resolver = (parent: unknown, args: Record<string, unknown>, ctx: RequestContext, info: unknown) => unknown;

/** Wraps every Query and Mutation resolver with its matrix gate; a root field without an entry fails start-up. */
export function gateRootResolvers(
  resolvers: Record<string, Record<string, unknown>>,
  rootFields: { Query: string[]; Mutation: string[] },
  matrix: AuthorizationMatrix,
): void {
  for (const type of ['Query', 'Mutation'] as const) {
    for (const field of rootFields[type]) {
      const entry = matrix[`${type}.${field}`];
      if (!entry) throw new Error(`authorization-matrix.json has no entry for ${type}.${field}`);
      const resolver = resolvers[type]?.[field] as Resolver | undefined;
      if (!resolver) throw new Error(`No resolver for ${type}.${field}`);
      const gate = gateOf(entry);
      const mutation = type === 'Mutation';
      resolvers[type]![field] = (parent: unknown, args: Record<string, unknown>, ctx: RequestContext, info: unknown) => {
        if (mutation) checkSupportMode(field, ctx);
        const pending = checkAccess(gate, ctx);
        if (pending) return pending.then(() => resolver(parent, args, ctx, info));
        return resolver(parent, args, ctx, info);
      };
    }
  }
}
