import { gql } from '@urql/core';
import { LOGIN_RESULT_FIELDS } from './login-result.fragment';
import type {
  AuthUpdateInvitedUserPasswordMutation,
  AuthUpdateInvitedUserPasswordMutationVariables,
} from '../../../graphql/generated/tenant-api';

export const UpdateInvitedUserPasswordMutation = gql<AuthUpdateInvitedUserPasswordMutation, AuthUpdateInvitedUserPasswordMutationVariables>`
  mutation AuthUpdateInvitedUserPassword($token: String!, $password: String!, $password_confirmation: String!) {
    updateInvitedUserPassword(token: $token, password: $password, password_confirmation: $password_confirmation) {
      ...LoginResultFields
    }
  }
  ${LOGIN_RESULT_FIELDS}
`;
