import { gql } from '@urql/core';
import { WatchSessionFields } from './camera-fields.fragment';
import type {
  CamerasBeingWatchedQuery as CamerasBeingWatchedQueryResult,
  CamerasBeingWatchedQueryVariables,
  OnlineCameraContactsQuery,
  OnlineCameraContactsQueryVariables,
} from '../../../graphql/generated/tenant-api';

export const CamerasBeingWatchedQuery = gql<CamerasBeingWatchedQueryResult, CamerasBeingWatchedQueryVariables>`
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

export const OnlineContactsQuery = gql<OnlineCameraContactsQuery, OnlineCameraContactsQueryVariables>`
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
