import { gql } from '@urql/core';
import type { AuthResendTokenEmailMutation, AuthResendTokenEmailMutationVariables } from '../../../graphql/generated/tenant-api';

export const ResendTokenEmailMutation = gql<AuthResendTokenEmailMutation, AuthResendTokenEmailMutationVariables>`
  mutation AuthResendTokenEmail($email: String!) {
    resendTokenEmail(email: $email) {
      status
      message
      color
      pin_time
    }
  }
`;
