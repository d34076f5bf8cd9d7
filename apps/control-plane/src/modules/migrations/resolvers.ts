import type { CpContext, Resolver } from '../../graphql/context.ts';
import type { PageArgs } from '../../graphql/pagination.ts';
import type { MigrationRunRow } from './repo.ts';

export const migrationResolvers = {
  Query: {
    migrationRun: ((_, args, { actor, services }) => services.migrations.migrationRun(actor, args)) as Resolver<{ id: string }>,
    migrationRuns: ((_, args, { actor, services }) => services.migrations.migrationRuns(actor, args)) as Resolver<PageArgs>,
  },
  Mutation: {
    runTenantMigrations: ((_, args, { actor, services }) => services.migrations.runTenantMigrations(actor, args)) as Resolver<{
      dry_run?: boolean;
      center_id?: string;
    }>,
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
