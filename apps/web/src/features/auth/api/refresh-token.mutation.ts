import { gql, stringifyDocument } from '@urql/core';
import { LoginResultFields, type LoginResultData } from './login-result.fragment';

export const RefreshTokenMutation = gql<{ refreshToken: LoginResultData }, { refresh_token: string }>`
  mutation AuthRefreshToken($refresh_token: String!) {
    refreshToken(refresh_token: $refresh_token) {
      ...LoginResultFields
    }
  }
  ${LoginResultFields}
`;

/** The session store posts this text itself, outside urql. */
export const REFRESH_TOKEN_DOCUMENT = stringifyDocument(RefreshTokenMutation);
