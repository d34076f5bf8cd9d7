import type { GraphqlDocument } from '../../../lib/graphql-post';
import { OPERATOR_LOGIN_RESULT_FIELDS } from './operator-login-result.fragment';
import type { OperatorRefreshTokenMutation, OperatorRefreshTokenMutationVariables } from '../../../graphql/generated/control-plane';

/** The session store posts this text itself, outside urql. */
export const OPERATOR_REFRESH_TOKEN_DOCUMENT = `
  mutation OperatorRefreshToken($refresh_token: String!) {
    refreshToken(refresh_token: $refresh_token) {
      ...OperatorLoginResultFields
    }
  }
  ${OPERATOR_LOGIN_RESULT_FIELDS}
` as GraphqlDocument<OperatorRefreshTokenMutation, OperatorRefreshTokenMutationVariables>;
