import { gql } from '@urql/core';
import type { PlayCameraMutation as PlayCameraMutationResult, PlayCameraMutationVariables } from '../../../graphql/generated/tenant-api';

export const PlayCameraMutation = gql<PlayCameraMutationResult, PlayCameraMutationVariables>`
  mutation PlayCamera($id: ID!, $code: String, $location: ID) {
    playCamera(id: $id, code: $code, location: $location) {
      status
      message
      color
      reason
      session_id
      remaining_logins
      live_until
      idle_minutes
      embed_code {
        url
        type
        token
        token_expires_at
        width
        height
        fullscreen
        watermark
        heartbeat_seconds
        test_mode
      }
    }
  }
`;
