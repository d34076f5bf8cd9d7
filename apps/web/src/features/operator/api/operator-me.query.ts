import { gql } from '@urql/core';
import { OPERATOR_FIELDS, type OperatorData } from './operator.fragment';

export const OperatorMeQuery = gql<{ me: OperatorData | null }, Record<string, never>>`
  query OperatorMe {
    me {
      ...OperatorFields
    }
  }
  ${OPERATOR_FIELDS}
`;
