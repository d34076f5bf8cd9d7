import { gql } from '@urql/core';
import type {
  AuthUpdateForgottenPasswordMutation,
  AuthUpdateForgottenPasswordMutationVariables,
} from '../../../graphql/generated/tenant-api';

export const UpdateForgottenPasswordMutation = gql<AuthUpdateForgottenPasswordMutation, AuthUpdateForgottenPasswordMutationVariables>`
  mutation AuthUpdateForgottenPassword($token: String!, $password: String!, $password_confirmation: String!) {
    updateForgottenPassword(token: $token, password: $password, password_confirmation: $password_confirmation) {
      status
      message
      color
    }
  }
`;
