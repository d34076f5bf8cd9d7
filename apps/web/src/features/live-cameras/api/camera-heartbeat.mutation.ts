import { gql } from '@urql/core';
import type { WatchSessionData } from './types';

export const CameraHeartbeatMutation = gql<{ cameraHeartbeat: WatchSessionData }, { session_id: string; active: boolean }>`
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
