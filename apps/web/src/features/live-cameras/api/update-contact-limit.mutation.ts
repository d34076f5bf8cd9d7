import { gql } from '@urql/core';
import type { Notice } from './types';

export const UpdateContactLimitMutation = gql<
  { updateUserCameraLogins: Notice & { setting: { user_id: string; max_daily_camera_logins: number | null } } },
  { user_id: string; max_daily_camera_logins: number | null }
>`
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
