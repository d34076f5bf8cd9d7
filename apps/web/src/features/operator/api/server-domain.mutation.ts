import { gql } from '@urql/core';
import type { NoticeTriple } from '../../../lib/notices';
import { ServerDomainFields, type ServerDomainData } from './server-domain.fragment';

type DomainResult = NoticeTriple & { domain: ServerDomainData | null };

export const AddServerDomainMutation = gql<{ addServerDomain: DomainResult }, { center_id: string; domain: string }>`
  mutation OperatorAddServerDomain($center_id: ID!, $domain: String!) {
    addServerDomain(center_id: $center_id, domain: $domain) {
      status
      message
      color
      domain {
        ...ServerDomainFields
      }
    }
  }
  ${ServerDomainFields}
`;

export const RemoveServerDomainMutation = gql<{ removeServerDomain: DomainResult }, { id: string }>`
  mutation OperatorRemoveServerDomain($id: ID!) {
    removeServerDomain(id: $id) {
      status
      message
      color
      domain {
        ...ServerDomainFields
      }
    }
  }
  ${ServerDomainFields}
`;
