import { gql } from '@urql/core';
import type { NoticeTriple } from '../../../lib/notices';

export const OperatorLogoutMutation = gql<{ logout: NoticeTriple }, { session_id?: string | null }>`
  mutation OperatorLogout($session_id: ID) {
    logout(session_id: $session_id) {
      status
      message
      color
    }
  }
`;
