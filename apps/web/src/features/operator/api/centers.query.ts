import { gql } from '@urql/core';
import { CenterFields, type CenterData, type PaginatorInfoData } from './center.fragment';

export interface CentersVariables {
  page?: number;
  first?: number;
  search?: string | null;
  status?: string | null;
}

export const CentersQuery = gql<{ getCenters: { data: CenterData[]; paginatorInfo: PaginatorInfoData } }, CentersVariables>`
  query OperatorCenters($page: Int, $first: Int, $search: String, $status: String) {
    getCenters(page: $page, first: $first, search: $search, status: $status) {
      data {
        ...CenterFields
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
  ${CenterFields}
`;
