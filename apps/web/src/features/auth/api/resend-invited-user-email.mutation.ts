import { gql } from '@urql/core';
import type { NoticeTriple } from '../../../lib/notices';

export const ResendInvitedUserEmailMutation = gql<
  { resendInvitedUserEmail: NoticeTriple & { pin_time: string | null } },
  { email: string }
>`
  mutation AuthResendInvitedUserEmail($email: String!) {
    resendInvitedUserEmail(email: $email) {
      status
      message
      color
      pin_time
    }
  }
`;
