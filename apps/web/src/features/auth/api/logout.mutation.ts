import { gql } from '@urql/core';

export const LogoutMutation = gql<{ logout: { status: boolean; message: string; color: string } }, { session_id?: string | null }>`
  mutation AuthLogout($session_id: ID) {
    logout(session_id: $session_id) {
      status
      message
      color
    }
  }
`;
