import { gql } from '@urql/core';
import type {
  CameraHeartbeatMutation as CameraHeartbeatMutationResult,
  CameraHeartbeatMutationVariables,
} from '../../../graphql/generated/tenant-api';

export const CameraHeartbeatMutation = gql<CameraHeartbeatMutationResult, CameraHeartbeatMutationVariables>`
  mutation CameraHeartbeat($session_id: ID!, $active: Boolean) {
    cameraHeartbeat(session_id: $session_id, active: $active) {
      status
      message
      color
      reason
      session_id
      seconds
      remaining_logins
    }
  }
`;
