import { gql } from '@urql/core';
import type { OperatorRetryCenterEventMutation, OperatorRetryCenterEventMutationVariables } from '../../../graphql/generated/control-plane';

/** Sends a parked event back to its handler (audited on the control plane). */
export const RetryCenterEventMutation = gql<OperatorRetryCenterEventMutation, OperatorRetryCenterEventMutationVariables>`
  mutation OperatorRetryCenterEvent($center_id: ID!, $event_id: ID!, $handler: String!) {
    retryCenterEvent(center_id: $center_id, event_id: $event_id, handler: $handler) {
      status
      message
      color
    }
  }
`;
