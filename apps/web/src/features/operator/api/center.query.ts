import { gql } from '@urql/core';
import { CenterFields, type CenterData } from './center.fragment';
import { ServerDomainFields, type ServerDomainData } from './server-domain.fragment';

export const CenterQuery = gql<{ getCenter: CenterData | null; getServerDomains: ServerDomainData[] }, { id: string }>`
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
