import { gql } from '@urql/core';
import type { WatchSessionData } from './types';

export const CameraHeartbeatMutation = gql<{ cameraHeartbeat: WatchSessionData }, { session_id: string }>`
  mutation CameraHeartbeat($session_id: ID!) {
    cameraHeartbeat(session_id: $session_id) {
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
