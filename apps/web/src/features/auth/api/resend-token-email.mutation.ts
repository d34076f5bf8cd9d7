import { gql } from '@urql/core';
import type { NoticeTriple } from '../../../lib/notices';

export const ResendTokenEmailMutation = gql<{ resendTokenEmail: NoticeTriple & { pin_time: string | null } }, { email: string }>`
  mutation AuthResendTokenEmail($email: String!) {
    resendTokenEmail(email: $email) {
      status
      message
      color
      pin_time
    }
  }
`;
