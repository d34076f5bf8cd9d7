import { gql } from '@urql/core';
import type {
  UpdateUserCameraLoginsUsedMutation,
  UpdateUserCameraLoginsUsedMutationVariables,
} from '../../../graphql/generated/tenant-api';

export const UpdateUserLoginsMutation = gql<UpdateUserCameraLoginsUsedMutation, UpdateUserCameraLoginsUsedMutationVariables>`
  mutation UpdateUserCameraLoginsUsed($user_id: ID!, $logins: Int!, $location_id: ID) {
    updateUserLogins(user_id: $user_id, logins: $logins, location_id: $location_id) {
      status
      message
      color
    }
  }
`;
