import { gql } from '@urql/core';
import type { OperatorLoginAsUserMutation, OperatorLoginAsUserMutationVariables } from '../../../graphql/generated/control-plane';

export const LoginAsUserMutation = gql<OperatorLoginAsUserMutation, OperatorLoginAsUserMutationVariables>`
  mutation OperatorLoginAsUser(
    $center_id: ID!
    $user_id: ID!
    $reason: String!
    $ticket_id: String!
    $minutes: Int
    $mode: String
    $write_reason: String
  ) {
    loginAsUser(
      center_id: $center_id
      user_id: $user_id
      reason: $reason
      ticket_id: $ticket_id
      minutes: $minutes
      mode: $mode
      write_reason: $write_reason
    ) {
      status
      message
      color
      url
      expires_at
      support_session_id
    }
  }
`;
