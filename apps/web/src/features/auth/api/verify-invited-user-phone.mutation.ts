import { gql } from '@urql/core';
import type {
  AuthVerifyInvitedUserPhoneMutation,
  AuthVerifyInvitedUserPhoneMutationVariables,
} from '../../../graphql/generated/tenant-api';

/** Step 1 of an SMS invitation: the texted PIN; a wrong or expired PIN answers `error`, not a thrown error. */
export const VerifyInvitedUserPhoneMutation = gql<AuthVerifyInvitedUserPhoneMutation, AuthVerifyInvitedUserPhoneMutationVariables>`
  mutation AuthVerifyInvitedUserPhone($pin_time: String!, $pin: String!) {
    verifyInvitedUserPhone(pin_time: $pin_time, pin: $pin) {
      status
      message
      color
      error
      token
    }
  }
`;
