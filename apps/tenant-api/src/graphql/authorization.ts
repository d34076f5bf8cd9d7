import { readFileSync } from 'node:fs';
import { roleAtLeast, isRoleName, type RoleName } from '@kv/shared';
import { AppError, CommonError, forbidden } from '@kv/server';
import type { RequestContext } from '../types.ts';

/**
 * The authorization matrix (role × operation × relation) lives in a data file. The lowest role of
 * each root field is enforced here before its resolver runs; relations (own child, same room,
 * same centre) are checked by the services and exercised by the tests that read the same file.
 */
export interface MatrixEntry {
  min_role: RoleName;
  /** Who the data may belong to: public, self, own_children, managed_locations, centre… */
  scope: string;
  permission?: string;
  note?: string;
}

export type AuthorizationMatrix = Record<string, MatrixEntry>;

export function loadMatrix(): AuthorizationMatrix {
  const raw = JSON.parse(readFileSync(new URL('../authorization-matrix.json', import.meta.url), 'utf8')) as {
    operations: AuthorizationMatrix;
  };
  for (const [op, e] of Object.entries(raw.operations)) {
    if (!isRoleName(e.min_role)) throw new Error(`authorization-matrix.json: ${op} has an unknown min_role`);
  }
  return raw.operations;
}

export function checkAccess(entry: MatrixEntry, ctx: RequestContext): void {
  if (entry.min_role === 'guest') return;
  if (!ctx.viewer) throw new AppError(CommonError.Unauthenticated, 'Please sign in.');
  if (!roleAtLeast(ctx.viewer.role, entry.min_role)) throw forbidden();
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
      resolvers[type]![field] = (parent: unknown, args: Record<string, unknown>, ctx: RequestContext, info: unknown) => {
        checkAccess(entry, ctx);
        return resolver(parent, args, ctx, info);
      };
    }
  }
}
