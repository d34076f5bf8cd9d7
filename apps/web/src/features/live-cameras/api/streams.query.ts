import { gql } from '@urql/core';
import { StreamingServerFields } from './camera-fields.fragment';
import type { PaginatorInfo, StreamingServer } from './types';

export const StreamsQuery = gql<
  { getStreams: { data: StreamingServer[]; paginatorInfo: PaginatorInfo } },
  { location_id?: string | null; page?: number; first?: number }
>`
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
