import { gql } from '@urql/core';
import type { NoticeTriple } from '../../../lib/notices';

export const LoginAsUserMutation = gql<
  { loginAsUser: NoticeTriple & { url: string | null; expires_at: string | null; support_session_id: string | null } },
  { center_id: string; user_id: string; reason: string }
>`
  mutation OperatorLoginAsUser($center_id: ID!, $user_id: ID!, $reason: String!) {
    loginAsUser(center_id: $center_id, user_id: $user_id, reason: $reason) {
      status
      message
      color
      url
      expires_at
      support_session_id
    }
  }
`;
