import { gql } from '@urql/core';
import type { NoticeTriple } from '../../../lib/notices';

export const ApproveUserMutation = gql<{ approveUser: NoticeTriple }, { token: string }>`
  mutation AuthApproveUser($token: String!) {
    approveUser(token: $token) {
      status
      message
      color
    }
  }
`;
