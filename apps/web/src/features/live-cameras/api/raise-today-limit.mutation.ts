import { gql } from '@urql/core';
import type { RaiseTodayCameraLimitMutation, RaiseTodayCameraLimitMutationVariables } from '../../../graphql/generated/tenant-api';

export const RaiseTodayLimitMutation = gql<RaiseTodayCameraLimitMutation, RaiseTodayCameraLimitMutationVariables>`
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
