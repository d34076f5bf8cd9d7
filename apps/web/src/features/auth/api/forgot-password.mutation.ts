import { gql } from '@urql/core';
import type { AuthForgotPasswordMutation, AuthForgotPasswordMutationVariables } from '../../../graphql/generated/tenant-api';

export const ForgotPasswordMutation = gql<AuthForgotPasswordMutation, AuthForgotPasswordMutationVariables>`
  mutation AuthForgotPassword($email: String!) {
    forgotPassword(email: $email) {
      status
      message
      color
    }
  }
`;
