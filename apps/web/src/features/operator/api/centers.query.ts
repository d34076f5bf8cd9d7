import { gql } from '@urql/core';
import { CenterFields } from './center.fragment';
import type { OperatorCentersQuery, OperatorCentersQueryVariables } from '../../../graphql/generated/control-plane';

export interface CentersVariables {
  page?: number;
  first?: number;
  search?: string | null;
  status?: string | null;
}

export const CentersQuery = gql<OperatorCentersQuery, OperatorCentersQueryVariables>`
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
