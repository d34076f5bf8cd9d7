import { gql } from '@urql/core';
import type { OperatorCenterParkedEventsQuery, OperatorCenterParkedEventsQueryVariables } from '../../../graphql/generated/control-plane';

/** A centre's domain-event deliveries given up after their retries, newest first (server-paged). */
export const CenterParkedEventsQuery = gql<OperatorCenterParkedEventsQuery, OperatorCenterParkedEventsQueryVariables>`
  query OperatorCenterParkedEvents($center_id: ID!, $page: Int, $first: Int) {
    getCenterParkedEvents(center_id: $center_id, page: $page, first: $first) {
      data {
        event_id
        name
        payload
        handler
        attempts
        last_error
        created_at
        parked_at
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
`;
