import { gql } from '@urql/core';
import { MigrationRunFields } from './migration-run.fragment';
import type { OperatorMigrationRunsQuery, OperatorMigrationRunsQueryVariables } from '../../../graphql/generated/control-plane';

export const MigrationRunsQuery = gql<OperatorMigrationRunsQuery, OperatorMigrationRunsQueryVariables>`
  query OperatorMigrationRuns($page: Int, $first: Int) {
    migrationRuns(page: $page, first: $first) {
      data {
        ...MigrationRunFields
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
  ${MigrationRunFields}
`;
