import { gql } from '@urql/core';
import type { CameraWatchTimeReportQuery, CameraWatchTimeReportQueryVariables } from '../../../graphql/generated/tenant-api';

export interface WatchTimeRow {
  user_id: string;
  user_name: string;
  location_id: string;
  date: string;
  sessions: number;
  cameras: number;
  seconds: number;
  first_started_at: string;
  last_seen_at: string;
  live: boolean;
}

export const WatchTimeReportQuery = gql<CameraWatchTimeReportQuery, CameraWatchTimeReportQueryVariables>`
  query CameraWatchTimeReport(
    $location_id: ID
    $date: String
    $from: String
    $to: String
    $week: String
    $user_id: ID
    $page: Int
    $first: Int
  ) {
    getWatchTimeReport(
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
        user_id
        user_name
        location_id
        date
        sessions
        cameras
        seconds
        first_started_at
        last_seen_at
        live
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
`;
