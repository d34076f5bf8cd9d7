import { gql } from '@urql/core';
import { OPERATOR_LOGIN_RESULT_FIELDS } from './operator-login-result.fragment';
import type {
  OperatorLoginMutation as OperatorLoginMutationResult,
  OperatorLoginMutationVariables,
} from '../../../graphql/generated/control-plane';

export const OperatorLoginMutation = gql<OperatorLoginMutationResult, OperatorLoginMutationVariables>`
  mutation OperatorLogin($username: String!, $password: String!, $device: String) {
    login(username: $username, password: $password, device: $device) {
      ...OperatorLoginResultFields
    }
  }
  ${OPERATOR_LOGIN_RESULT_FIELDS}
`;
