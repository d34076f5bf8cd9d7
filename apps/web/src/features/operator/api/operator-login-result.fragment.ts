import { gql } from '@urql/core';
import type { NoticeTriple } from '../../../lib/notices';
import { OperatorFields, type OperatorData } from './operator.fragment';

export const OperatorLoginResultFields = gql`
  fragment OperatorLoginResultFields on OperatorLoginResult {
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
      ...OperatorFields
    }
  }
  ${OperatorFields}
`;

export type OperatorLoginResultData = NoticeTriple & {
  tokens: { access_token: string; refresh_token: string } | null;
  expires_in: number | null;
  session_id: string | null;
  user: OperatorData | null;
};
