import { gql } from '@urql/core';
import type { NoticeTriple } from '../../../lib/notices';

/** Step 1 of an SMS invitation: the texted PIN; a wrong or expired PIN answers `error`, not a thrown error. */
export const VerifyInvitedUserPhoneMutation = gql<
  { verifyInvitedUserPhone: NoticeTriple & { error: string | null; token: string | null } },
  { pin_time: string; pin: string }
>`
  mutation AuthVerifyInvitedUserPhone($pin_time: String!, $pin: String!) {
    verifyInvitedUserPhone(pin_time: $pin_time, pin: $pin) {
      status
      message
      color
      error
      token
    }
  }
`;
