import { gql } from '@urql/core';
import { LoginResultFields, type LoginResultData } from './login-result.fragment';

export const VerifyAutologinMutation = gql<{ verifyAutologin: LoginResultData }, { token: string }>`
  mutation AuthVerifyAutologin($token: String!) {
    verifyAutologin(token: $token) {
      ...LoginResultFields
    }
  }
  ${LoginResultFields}
`;
