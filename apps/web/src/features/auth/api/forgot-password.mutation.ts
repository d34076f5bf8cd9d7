import { gql } from '@urql/core';
import type { NoticeTriple } from '../../../lib/notices';

export const ForgotPasswordMutation = gql<{ forgotPassword: NoticeTriple }, { email: string }>`
  mutation AuthForgotPassword($email: String!) {
    forgotPassword(email: $email) {
      status
      message
      color
    }
  }
`;
