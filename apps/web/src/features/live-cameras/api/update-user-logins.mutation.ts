import { gql } from '@urql/core';
import type { Notice } from './types';

export const UpdateUserLoginsMutation = gql<{ updateUserLogins: Notice }, { user_id: string; logins: number; location_id?: string | null }>`
  mutation UpdateUserCameraLoginsUsed($user_id: ID!, $logins: Int!, $location_id: ID) {
    updateUserLogins(user_id: $user_id, logins: $logins, location_id: $location_id) {
      status
      message
      color
    }
  }
`;
