import type { Resolvers } from '../../generated/resolvers.ts';

export const backupResolvers: Resolvers = {
  Query: {
    getCenterBackups: (_, args, { actor, services }) => services.backups.getCenterBackups(actor, args),
    getCenterDrills: (_, args, { actor, services }) => services.backups.getCenterDrills(actor, args),
    getCenterRestores: (_, args, { actor, services }) => services.backups.getCenterRestores(actor, args),
    getDatabaseSnapshots: (_, args, { actor, services }) => services.backups.getDatabaseSnapshots(actor, args),
  },
  Mutation: {
    backupCenterDatabase: (_, args, { actor, services }) => services.backups.backupCenterDatabase(actor, args),
    drillCenterBackup: (_, args, { actor, services }) => services.backups.drillCenterBackup(actor, args),
    restoreCenterDatabase: (_, args, { actor, services }) => services.backups.restoreCenterDatabase(actor, args),
    undoDeleteCenter: (_, args, { actor, services }) => services.backups.undoDeleteCenter(actor, args),
    deleteCenterDatabase: (_, args, { actor, services }) => services.backups.deleteCenterDatabase(actor, args),
  },
  Center: {
    last_drill_passed_at: (centre, _, { actor, services }) => services.backups.lastDrillPassedAt(actor, centre as { id: string }),
    deletion: (centre, _, { actor, services }) => services.backups.deletionOf(actor, centre as { id: string; purged_at?: Date | null }),
  },
};
