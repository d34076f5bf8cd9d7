import { gql } from '@urql/core';
import type { SmsResponsesQuery, SmsResponsesQueryVariables } from '../../../graphql/generated/tenant-api';

export type SmsResponseData = SmsResponsesQuery['getSmsResponses']['data'][number];

export const SmsResponsesListQuery = gql<SmsResponsesQuery, SmsResponsesQueryVariables>`
  query SmsResponses($search: String, $page: Int, $first: Int) {
    getSmsResponses(search: $search, page: $page, first: $first) {
      data {
        id
        phone
        body
        user_id
        contact_name
        received_at
      }
      paginatorInfo { currentPage lastPage perPage total }
    }
  }
`;
