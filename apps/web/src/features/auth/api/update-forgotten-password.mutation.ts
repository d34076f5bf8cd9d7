import { gql } from '@urql/core';
import type { NoticeTriple } from '../../../lib/notices';

export const UpdateForgottenPasswordMutation = gql<
  { updateForgottenPassword: NoticeTriple },
  { token: string; password: string; password_confirmation: string }
>`
  mutation AuthUpdateForgottenPassword($token: String!, $password: String!, $password_confirmation: String!) {
    updateForgottenPassword(token: $token, password: $password, password_confirmation: $password_confirmation) {
      status
      message
      color
    }
  }
`;
