import { gql } from '@urql/core';
import type { RemainingCameraLoginsQuery, RemainingCameraLoginsQueryVariables } from '../../../graphql/generated/tenant-api';

export interface LoginStatus {
  location_id: string;
  date: string;
  enabled: boolean;
  limit: number | null;
  used: number;
  extra_today: number;
  remaining: number | null;
}

export const RemainingLoginsQuery = gql<RemainingCameraLoginsQuery, RemainingCameraLoginsQueryVariables>`
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
