import { gql } from '@urql/core';
import { StreamingServerFields } from './camera-fields.fragment';
import type { StreamingServersQuery, StreamingServersQueryVariables } from '../../../graphql/generated/tenant-api';

export const StreamsQuery = gql<StreamingServersQuery, StreamingServersQueryVariables>`
  query StreamingServers($location_id: ID, $page: Int, $first: Int) {
    getStreams(location_id: $location_id, page: $page, first: $first) {
      data {
        ...StreamingServerFields
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
  ${StreamingServerFields}
`;
