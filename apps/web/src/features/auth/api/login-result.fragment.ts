import { gql } from '@urql/core';
import { SessionUserFields, type SessionUserData } from './user.fragment';

export const LoginResultFields = gql`
  fragment LoginResultFields on LoginResult {
    status
    message
    color
    tokens {
      access_token
      refresh_token
    }
    expires_in
    session_id
    user {
      ...SessionUserFields
    }
  }
  ${SessionUserFields}
`;

export interface LoginResultData {
  status: boolean;
  message: string;
  color: string;
  tokens: { access_token: string; refresh_token: string } | null;
  expires_in: number | null;
  session_id: string | null;
  user: SessionUserData | null;
}
