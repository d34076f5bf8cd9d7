import { gql } from '@urql/core';
import type { UpdateContactCameraLimitMutation, UpdateContactCameraLimitMutationVariables } from '../../../graphql/generated/tenant-api';

export const UpdateContactLimitMutation = gql<UpdateContactCameraLimitMutation, UpdateContactCameraLimitMutationVariables>`
  mutation UpdateContactCameraLimit($user_id: ID!, $max_daily_camera_logins: Int) {
    updateUserCameraLogins(user_id: $user_id, max_daily_camera_logins: $max_daily_camera_logins) {
      status
      message
      color
      setting {
        user_id
        max_daily_camera_logins
      }
    }
  }
`;
