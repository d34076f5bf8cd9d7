import { gql } from '@urql/core';
import { LoginResultFields, type LoginResultData } from './login-result.fragment';

export const LoginMutation = gql<{ login: LoginResultData }, { username: string; password: string; device: string }>`
  mutation AuthLogin($username: String!, $password: String!, $device: String) {
    login(username: $username, password: $password, device: $device) {
      ...LoginResultFields
    }
  }
  ${LoginResultFields}
`;
