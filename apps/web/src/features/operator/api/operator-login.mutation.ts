import { gql } from '@urql/core';
import { OPERATOR_LOGIN_RESULT_FIELDS, type OperatorLoginResultData } from './operator-login-result.fragment';

export const OperatorLoginMutation = gql<{ login: OperatorLoginResultData }, { username: string; password: string; device: string }>`
  mutation OperatorLogin($username: String!, $password: String!, $device: String) {
    login(username: $username, password: $password, device: $device) {
      ...OperatorLoginResultFields
    }
  }
  ${OPERATOR_LOGIN_RESULT_FIELDS}
`;
