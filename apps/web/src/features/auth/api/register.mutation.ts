import { gql } from '@urql/core';
import type { AuthRegisterMutation, AuthRegisterMutationVariables } from '../../../graphql/generated/tenant-api';

export interface RegisterVariables {
  fname: string;
  lname: string;
  username: string;
  email: string;
  password: string;
  signup_code?: string | null;
}

export const RegisterMutation = gql<AuthRegisterMutation, AuthRegisterMutationVariables>`
  mutation AuthRegister($fname: String!, $lname: String!, $username: String!, $email: String!, $password: String!, $signup_code: String) {
    register(fname: $fname, lname: $lname, username: $username, email: $email, password: $password, signup_code: $signup_code) {
      status
      message
      color
      pin_time
      signup_success_text
    }
  }
`;
