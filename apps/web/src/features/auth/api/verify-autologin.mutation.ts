import { gql } from '@urql/core';
import { LOGIN_RESULT_FIELDS, type LoginResultData } from './login-result.fragment';

export const VerifyAutologinMutation = gql<{ verifyAutologin: LoginResultData }, { token: string }>`
  mutation AuthVerifyAutologin($token: String!) {
    verifyAutologin(token: $token) {
      ...LoginResultFields
    }
  }
  ${LOGIN_RESULT_FIELDS}
`;
