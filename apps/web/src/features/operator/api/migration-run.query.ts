import { gql } from '@urql/core';
import { MigrationRunFields } from './migration-run.fragment';
import type { OperatorMigrationRunQuery, OperatorMigrationRunQueryVariables } from '../../../graphql/generated/control-plane';

export const MigrationRunQuery = gql<OperatorMigrationRunQuery, OperatorMigrationRunQueryVariables>`
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
