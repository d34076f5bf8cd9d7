import { gql } from '@urql/core';
import { CenterFields } from './center.fragment';
import { ServerDomainFields } from './server-domain.fragment';
import type { OperatorCenterQuery, OperatorCenterQueryVariables } from '../../../graphql/generated/control-plane';

export const CenterQuery = gql<OperatorCenterQuery, OperatorCenterQueryVariables>`
  query OperatorCenter($id: ID!) {
    getCenter(id: $id) {
      ...CenterFields
    }
    getServerDomains(center_id: $id) {
      ...ServerDomainFields
    }
  }
  ${CenterFields}
  ${ServerDomainFields}
`;
