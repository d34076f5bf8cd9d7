import { gql } from '@urql/core';
import { OPERATOR_FIELDS } from './operator.fragment';
import type { OperatorMeQuery as OperatorMeQueryResult, OperatorMeQueryVariables } from '../../../graphql/generated/control-plane';

export const OperatorMeQuery = gql<OperatorMeQueryResult, OperatorMeQueryVariables>`
  query OperatorMe {
    me {
      ...OperatorFields
    }
  }
  ${OPERATOR_FIELDS}
`;
