import { gql } from '@urql/core';
import type { Notice } from './types';

export const RaiseTodayLimitMutation = gql<
  {
    raiseTodayCameraLimit: Notice & {
      setting: { user_id: string; daily_camera_login_limit: number | null; extra_camera_logins_today: number };
    };
  },
  { user_id: string; extra?: number | null }
>`
  mutation RaiseTodayCameraLimit($user_id: ID!, $extra: Int) {
    raiseTodayCameraLimit(user_id: $user_id, extra: $extra) {
      status
      message
      color
      setting {
        user_id
        daily_camera_login_limit
        extra_camera_logins_today
      }
    }
  }
`;
