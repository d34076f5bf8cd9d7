import { gql } from '@urql/core';
import { WatchSessionFields } from './camera-fields.fragment';
import type { PaginatorInfo, WatchSessionRow } from './types';

type LivePage = { data: WatchSessionRow[]; paginatorInfo: PaginatorInfo };
type LiveVars = { location_id?: string | null; page?: number; first?: number };

export const CamerasBeingWatchedQuery = gql<{ getCamerasBeingWatched: LivePage }, LiveVars>`
  query CamerasBeingWatched($location_id: ID, $page: Int, $first: Int) {
    getCamerasBeingWatched(location_id: $location_id, page: $page, first: $first) {
      data {
        ...WatchSessionFields
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
  ${WatchSessionFields}
`;

export const OnlineContactsQuery = gql<{ getOnlineContacts: LivePage }, LiveVars>`
  query OnlineCameraContacts($location_id: ID, $page: Int, $first: Int) {
    getOnlineContacts(location_id: $location_id, page: $page, first: $first) {
      data {
        ...WatchSessionFields
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
  ${WatchSessionFields}
`;
