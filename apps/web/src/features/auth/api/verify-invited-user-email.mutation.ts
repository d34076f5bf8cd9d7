import { gql } from '@urql/core';
import type { NoticeTriple } from '../../../lib/notices';

export const VerifyInvitedUserEmailMutation = gql<
  { verifyInvitedUserEmail: NoticeTriple & { token: string | null } },
  { pin_time: string; pin: string }
>`
  mutation AuthVerifyInvitedUserEmail($pin_time: String!, $pin: String!) {
    verifyInvitedUserEmail(pin_time: $pin_time, pin: $pin) {
      status
      message
      color
      token
    }
  }
`;
