import { gql } from '@urql/core';
import { LOGIN_RESULT_FIELDS } from './login-result.fragment';
import type { AuthVerifyAutologinMutation, AuthVerifyAutologinMutationVariables } from '../../../graphql/generated/tenant-api';

export const VerifyAutologinMutation = gql<AuthVerifyAutologinMutation, AuthVerifyAutologinMutationVariables>`
  mutation AuthVerifyAutologin($token: String!) {
    verifyAutologin(token: $token) {
      ...LoginResultFields
    }
  }
  ${LOGIN_RESULT_FIELDS}
`;
