import { gql } from '@urql/core';

export const ServerDomainFields = gql`
  fragment ServerDomainFields on ServerDomain {
    id
    center_id
    domain
    kind
    status
    cloud_front
    created_at
  }
`;

export interface ServerDomainData {
  id: string;
  center_id: string;
  domain: string;
  kind: string;
  status: string;
  cloud_front: string | null;
  created_at: string;
}
