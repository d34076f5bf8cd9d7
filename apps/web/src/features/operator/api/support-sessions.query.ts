import { gql } from '@urql/core';
import type { OperatorSupportSessionsQuery, OperatorSupportSessionsQueryVariables } from '../../../graphql/generated/control-plane';

export const SupportSessionsQuery = gql<OperatorSupportSessionsQuery, OperatorSupportSessionsQueryVariables>`
  query OperatorSupportSessions($center_id: ID!, $page: Int, $first: Int) {
    getSupportSessions(center_id: $center_id, page: $page, first: $first) {
      data {
        id
        operator
        target_user_id
        reason
        ticket_id
        mode
        write_reason
        minutes
        status
        expires_at
        ended_at
        created_at
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

export type SupportSessionItem = OperatorSupportSessionsQuery['getSupportSessions']['data'][number];
