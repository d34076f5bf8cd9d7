import type { NoticeTriple } from '../../../lib/notices';
import { OPERATOR_FIELDS, type OperatorData } from './operator.fragment';

/** Plain text like OPERATOR_FIELDS. */
export const OPERATOR_LOGIN_RESULT_FIELDS = `
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
  ${OPERATOR_FIELDS}
`;

export type OperatorLoginResultData = NoticeTriple & {
  tokens: { access_token: string; refresh_token: string } | null;
  expires_in: number | null;
  session_id: string | null;
  user: OperatorData | null;
};
