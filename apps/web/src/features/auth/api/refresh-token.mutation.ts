import type { GraphqlDocument } from '../../../lib/graphql-post';
import { LOGIN_RESULT_FIELDS, type LoginResultData } from './login-result.fragment';

/** The session store posts this text itself, outside urql. */
export const REFRESH_TOKEN_DOCUMENT = `
  mutation AuthRefreshToken($refresh_token: String!) {
    refreshToken(refresh_token: $refresh_token) {
      ...LoginResultFields
    }
  }
  ${LOGIN_RESULT_FIELDS}
` as GraphqlDocument<{ refreshToken: LoginResultData }, { refresh_token: string }>;
