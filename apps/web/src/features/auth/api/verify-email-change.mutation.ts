import { gql } from '@urql/core';
import type { AuthVerifyEmailChangeMutation, AuthVerifyEmailChangeMutationVariables } from '../../../graphql/generated/tenant-api';

export const VerifyEmailChangeMutation = gql<AuthVerifyEmailChangeMutation, AuthVerifyEmailChangeMutationVariables>`
  mutation AuthVerifyEmailChange($token: String!) {
    verifyEmailChange(token: $token) {
      status
      message
      color
    }
  }
`;
