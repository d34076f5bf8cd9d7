import { gql } from '@urql/core';
import { MigrationRunFields, type MigrationRunData, type TenantMigrationData } from './migration-run.fragment';

export const MigrationRunQuery = gql<{ migrationRun: (MigrationRunData & { centers: TenantMigrationData[] }) | null }, { id: string }>`
  query OperatorMigrationRun($id: ID!) {
    migrationRun(id: $id) {
      ...MigrationRunFields
      centers {
        center_id
        center_name
        slug
        status
        from_version
        to_version
        applied
        error
        started_at
        finished_at
      }
    }
  }
  ${MigrationRunFields}
`;
