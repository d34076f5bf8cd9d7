import { gql } from '@urql/core';
import type { CameraLoginToday } from './types';
import type { CameraLoginReportQuery, CameraLoginReportQueryVariables } from '../../../graphql/generated/tenant-api';

export interface LoginReportRow {
  user_id: string;
  user_name: string;
  location_id: string;
  logins: number;
  days: number;
  sessions: number;
  seconds: number;
  last_watched_at: string | null;
  today: CameraLoginToday;
}

export const LoginReportQuery = gql<CameraLoginReportQuery, CameraLoginReportQueryVariables>`
  query CameraLoginReport($location_id: ID, $date: String, $from: String, $to: String, $week: String, $page: Int, $first: Int) {
    getLoginReport(location_id: $location_id, date: $date, from: $from, to: $to, week: $week, page: $page, first: $first) {
      data {
        user_id
        user_name
        location_id
        logins
        days
        sessions
        seconds
        last_watched_at
        today {
          user_id
          location_id
          date
          enabled
          limit
          used
          extra_today
          remaining
          own_limit
        }
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
      from
      to
      total_logins
      total_seconds
    }
  }
`;
