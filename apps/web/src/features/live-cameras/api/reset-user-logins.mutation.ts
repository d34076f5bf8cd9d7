import { gql } from '@urql/core';
import type { ResetUserCameraLoginsMutation, ResetUserCameraLoginsMutationVariables } from '../../../graphql/generated/tenant-api';

export const ResetUserLoginsMutation = gql<ResetUserCameraLoginsMutation, ResetUserCameraLoginsMutationVariables>`
  mutation ResetUserCameraLogins($user_id: ID!, $location_id: ID) {
    resetUserLogins(user_id: $user_id, location_id: $location_id) {
      status
      message
      color
    }
  }
`;
