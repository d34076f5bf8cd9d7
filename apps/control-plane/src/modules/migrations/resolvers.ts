import type { Resolvers } from '../../generated/resolvers.ts';
import type { CpContext } from '../../graphql/context.ts';
import type { MigrationRunRow } from './repo.ts';

export const migrationResolvers: Resolvers = {
  Query: {
    migrationRun: (_, args, { actor, services }) => services.migrations.migrationRun(actor, args),
    migrationRuns: (_, args, { actor, services }) => services.migrations.migrationRuns(actor, args),
  },
  Mutation: {
    runTenantMigrations: (_, args, { actor, services }) => services.migrations.runTenantMigrations(actor, args),
  },
};

export const migrationLoaders = {
  MigrationRun: {
    centers: (queries: { obj: MigrationRunRow }[], ctx: CpContext) =>
      ctx.services.migrations.centresOfRuns(
        ctx.actor,
        queries.map((q) => q.obj.id),
      ),
  },
};
