import { gql } from '@urql/core';

export interface LoginStatus {
  location_id: string;
  date: string;
  enabled: boolean;
  limit: number | null;
  used: number;
  extra_today: number;
  remaining: number | null;
}

export const RemainingLoginsQuery = gql<{ checkRemainingLogins: LoginStatus[] }, { location_id?: string | null }>`
  query RemainingCameraLogins($location_id: ID) {
    checkRemainingLogins(location_id: $location_id) {
      location_id
      date
      enabled
      limit
      used
      extra_today
      remaining
    }
  }
`;
