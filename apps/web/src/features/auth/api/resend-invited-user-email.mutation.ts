import { gql } from '@urql/core';
import type {
  AuthResendInvitedUserEmailMutation,
  AuthResendInvitedUserEmailMutationVariables,
} from '../../../graphql/generated/tenant-api';

export const ResendInvitedUserEmailMutation = gql<AuthResendInvitedUserEmailMutation, AuthResendInvitedUserEmailMutationVariables>`
  mutation AuthResendInvitedUserEmail($email: String!) {
    resendInvitedUserEmail(email: $email) {
      status
      message
      color
      pin_time
    }
  }
`;
