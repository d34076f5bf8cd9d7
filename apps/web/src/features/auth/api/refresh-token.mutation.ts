import type { GraphqlDocument } from '../../../lib/graphql-post';
import { LOGIN_RESULT_FIELDS } from './login-result.fragment';
import type { AuthRefreshTokenMutation, AuthRefreshTokenMutationVariables } from '../../../graphql/generated/tenant-api';

/** The session store posts this text itself, outside urql. */
export const REFRESH_TOKEN_DOCUMENT = `
  mutation AuthRefreshToken($refresh_token: String!) {
    refreshToken(refresh_token: $refresh_token) {
      ...LoginResultFields
    }
  }
  ${LOGIN_RESULT_FIELDS}
` as GraphqlDocument<AuthRefreshTokenMutation, AuthRefreshTokenMutationVariables>;
