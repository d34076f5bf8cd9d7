import { gql } from '@urql/core';
import type { Notice } from './types';

export const ResetUserLoginsMutation = gql<{ resetUserLogins: Notice }, { user_id: string; location_id?: string | null }>`
  mutation ResetUserCameraLogins($user_id: ID!, $location_id: ID) {
    resetUserLogins(user_id: $user_id, location_id: $location_id) {
      status
      message
      color
    }
  }
`;
