import { gql } from '@urql/core';
import type { PaginatorInfoData } from './center.fragment';
import { MigrationRunFields, type MigrationRunData } from './migration-run.fragment';

export const MigrationRunsQuery = gql<
  { migrationRuns: { data: MigrationRunData[]; paginatorInfo: PaginatorInfoData } },
  { page?: number; first?: number }
>`
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
