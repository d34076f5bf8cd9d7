import { gql } from '@urql/core';
import type {
  StopCameraSessionMutation as StopCameraSessionMutationResult,
  StopCameraSessionMutationVariables,
} from '../../../graphql/generated/tenant-api';

export const StopCameraSessionMutation = gql<StopCameraSessionMutationResult, StopCameraSessionMutationVariables>`
  mutation StopCameraSession($session_id: ID!) {
    stopCameraSession(session_id: $session_id) {
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
