import { gql } from '@urql/core';

export const ServerDomainFields = gql`
  fragment ServerDomainFields on ServerDomain {
    id
    center_id
    domain
    kind
    status
    status_reason
    checked_at
    verify_until
    records {
      type
      name
      value
    }
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
  status_reason: string | null;
  checked_at: string | null;
  verify_until: string | null;
  records: { type: string; name: string; value: string }[];
  cloud_front: string | null;
  created_at: string;
}
