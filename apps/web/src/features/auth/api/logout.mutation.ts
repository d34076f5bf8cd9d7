import { gql } from '@urql/core';
import type { AuthLogoutMutation, AuthLogoutMutationVariables } from '../../../graphql/generated/tenant-api';

export const LogoutMutation = gql<AuthLogoutMutation, AuthLogoutMutationVariables>`
  mutation AuthLogout($session_id: ID) {
    logout(session_id: $session_id) {
      status
      message
      color
    }
  }
`;
