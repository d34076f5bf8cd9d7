import { gql } from '@urql/core';

export const CameraTileFields = gql`
  fragment CameraTileFields on CameraTile {
    can_play
    reason
    message
    camera {
      id
      name
      code
      color_code
      location_id
      room {
        id
        name
      }
    }
  }
`;

export const WatchSessionFields = gql`
  fragment WatchSessionFields on CameraWatchSession {
    id
    user_id
    user_name
    student_name
    camera_id
    camera_name
    location_id
    date
    started_at
    ended_at
    seconds
    ended_reason
    ip
    user_agent
  }
`;

export const StreamingServerFields = gql`
  fragment StreamingServerFields on StreamingServer {
    id
    name
    type
    base_url
    api_url
    has_secret
    location_id
    is_default
    status
    updated_at
  }
`;
