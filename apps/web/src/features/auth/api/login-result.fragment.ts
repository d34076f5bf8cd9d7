import { SESSION_USER_FIELDS, type SessionUserData } from './user.fragment';

/** Plain text like SESSION_USER_FIELDS: login and refreshToken are posted without urql. */
export const LOGIN_RESULT_FIELDS = `
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
  ${SESSION_USER_FIELDS}
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
