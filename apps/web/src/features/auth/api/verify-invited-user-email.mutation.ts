import { gql } from '@urql/core';
import type {
  AuthVerifyInvitedUserEmailMutation,
  AuthVerifyInvitedUserEmailMutationVariables,
} from '../../../graphql/generated/tenant-api';

export const VerifyInvitedUserEmailMutation = gql<AuthVerifyInvitedUserEmailMutation, AuthVerifyInvitedUserEmailMutationVariables>`
  mutation AuthVerifyInvitedUserEmail($pin_time: String!, $pin: String!) {
    verifyInvitedUserEmail(pin_time: $pin_time, pin: $pin) {
      status
      message
      color
      token
    }
  }
`;
