import { gql } from '@urql/core';
import type { NoticeTriple } from '../../../lib/notices';

export const VerifyEmailMutation = gql<{ verifyEmail: NoticeTriple }, { pin_time: string; pin: string }>`
  mutation AuthVerifyEmail($pin_time: String!, $pin: String!) {
    verifyEmail(pin_time: $pin_time, pin: $pin) {
      status
      message
      color
    }
  }
`;
