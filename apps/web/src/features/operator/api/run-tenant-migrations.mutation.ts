import { gql } from '@urql/core';
import type { NoticeTriple } from '../../../lib/notices';
import { MigrationRunFields, type MigrationRunData } from './migration-run.fragment';

export const RunTenantMigrationsMutation = gql<
  { runTenantMigrations: NoticeTriple & { run: MigrationRunData | null } },
  { dry_run: boolean; center_id?: string | null }
>`
  mutation OperatorRunTenantMigrations($dry_run: Boolean, $center_id: ID) {
    runTenantMigrations(dry_run: $dry_run, center_id: $center_id) {
      status
      message
      color
      run {
        ...MigrationRunFields
      }
    }
  }
  ${MigrationRunFields}
`;
