import { gql } from '@urql/core';
import type { AuthVerifyEmailMutation, AuthVerifyEmailMutationVariables } from '../../../graphql/generated/tenant-api';

export const VerifyEmailMutation = gql<AuthVerifyEmailMutation, AuthVerifyEmailMutationVariables>`
  mutation AuthVerifyEmail($pin_time: String!, $pin: String!) {
    verifyEmail(pin_time: $pin_time, pin: $pin) {
      status
      message
      color
    }
  }
`;
