import { gql } from '@urql/core';
import { WatchSessionFields } from './camera-fields.fragment';
import type { CameraWatchSessionsQuery, CameraWatchSessionsQueryVariables } from '../../../graphql/generated/tenant-api';

/** The access log: every viewing (who, which child, camera, start, end, seconds, IP, browser). */
export const WatchSessionsQuery = gql<CameraWatchSessionsQuery, CameraWatchSessionsQueryVariables>`
  query CameraWatchSessions(
    $location_id: ID
    $date: String
    $from: String
    $to: String
    $week: String
    $user_id: ID
    $page: Int
    $first: Int
  ) {
    getCameraWatchTime(
      location_id: $location_id
      date: $date
      from: $from
      to: $to
      week: $week
      user_id: $user_id
      page: $page
      first: $first
    ) {
      data {
        ...WatchSessionFields
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
      from
      to
      total_seconds
    }
  }
  ${WatchSessionFields}
`;
