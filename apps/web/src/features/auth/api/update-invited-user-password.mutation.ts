import { gql } from '@urql/core';
import { LOGIN_RESULT_FIELDS, type LoginResultData } from './login-result.fragment';

export const UpdateInvitedUserPasswordMutation = gql<
  { updateInvitedUserPassword: LoginResultData },
  { token: string; password: string; password_confirmation: string }
>`
  mutation AuthUpdateInvitedUserPassword($token: String!, $password: String!, $password_confirmation: String!) {
    updateInvitedUserPassword(token: $token, password: $password, password_confirmation: $password_confirmation) {
      ...LoginResultFields
    }
  }
  ${LOGIN_RESULT_FIELDS}
`;
