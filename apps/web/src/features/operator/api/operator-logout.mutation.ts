import { gql } from '@urql/core';
import type {
  OperatorLogoutMutation as OperatorLogoutMutationResult,
  OperatorLogoutMutationVariables,
} from '../../../graphql/generated/control-plane';

export const OperatorLogoutMutation = gql<OperatorLogoutMutationResult, OperatorLogoutMutationVariables>`
  mutation OperatorLogout($session_id: ID) {
    logout(session_id: $session_id) {
      status
      message
      color
    }
  }
`;
