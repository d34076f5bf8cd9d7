import { gql } from '@urql/core';
import { MigrationRunFields } from './migration-run.fragment';
import type {
  OperatorRunTenantMigrationsMutation,
  OperatorRunTenantMigrationsMutationVariables,
} from '../../../graphql/generated/control-plane';

export const RunTenantMigrationsMutation = gql<OperatorRunTenantMigrationsMutation, OperatorRunTenantMigrationsMutationVariables>`
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
