import { gql, stringifyDocument } from '@urql/core';
import { OperatorLoginResultFields, type OperatorLoginResultData } from './operator-login-result.fragment';

export const OperatorRefreshTokenMutation = gql<{ refreshToken: OperatorLoginResultData }, { refresh_token: string }>`
  mutation OperatorRefreshToken($refresh_token: String!) {
    refreshToken(refresh_token: $refresh_token) {
      ...OperatorLoginResultFields
    }
  }
  ${OperatorLoginResultFields}
`;

export const OPERATOR_REFRESH_TOKEN_DOCUMENT = stringifyDocument(OperatorRefreshTokenMutation);
