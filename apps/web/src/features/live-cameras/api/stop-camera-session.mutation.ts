import { gql } from '@urql/core';
import type { WatchSessionData } from './types';

export const StopCameraSessionMutation = gql<{ stopCameraSession: WatchSessionData }, { session_id: string }>`
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
