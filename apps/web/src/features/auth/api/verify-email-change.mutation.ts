import { gql } from '@urql/core';
import type { NoticeTriple } from '../../../lib/notices';

export const VerifyEmailChangeMutation = gql<{ verifyEmailChange: NoticeTriple }, { token: string }>`
  mutation AuthVerifyEmailChange($token: String!) {
    verifyEmailChange(token: $token) {
      status
      message
      color
    }
  }
`;
