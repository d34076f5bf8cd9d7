import { gql } from '@urql/core';
import type { OperatorCenterStatisticsQuery, OperatorCenterStatisticsQueryVariables } from '../../../graphql/generated/control-plane';

/** What the nightly fan-out stored (control database only; no centre database is read). */
export const CenterStatisticsQuery = gql<OperatorCenterStatisticsQuery, OperatorCenterStatisticsQueryVariables>`
  query OperatorCenterStatistics($center_id: ID, $page: Int, $first: Int) {
    getCenterStatistics(center_id: $center_id, page: $page, first: $first) {
      data {
        center_id
        name
        slug
        status
        children
        staff
        families
        locations
        files
        storage_bytes
        database_bytes
        last_activity_at
        error
        collected_at
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
      totals {
        centers
        children
        staff
        families
        locations
        files
        storage_bytes
        database_bytes
        last_activity_at
        collected_at
      }
    }
  }
`;

export type CenterStatisticsItem = OperatorCenterStatisticsQuery['getCenterStatistics']['data'][number];
export type CenterStatisticsTotals = OperatorCenterStatisticsQuery['getCenterStatistics']['totals'];
