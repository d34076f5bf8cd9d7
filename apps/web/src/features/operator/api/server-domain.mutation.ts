import { gql } from '@urql/core';
import { ServerDomainFields } from './server-domain.fragment';
import type {
  OperatorAddServerDomainMutation,
  OperatorAddServerDomainMutationVariables,
  OperatorRemoveServerDomainMutation,
  OperatorRemoveServerDomainMutationVariables,
  OperatorRecheckServerDomainMutation,
  OperatorRecheckServerDomainMutationVariables,
} from '../../../graphql/generated/control-plane';

export const AddServerDomainMutation = gql<OperatorAddServerDomainMutation, OperatorAddServerDomainMutationVariables>`
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

export const RemoveServerDomainMutation = gql<OperatorRemoveServerDomainMutation, OperatorRemoveServerDomainMutationVariables>`
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

export const RecheckServerDomainMutation = gql<OperatorRecheckServerDomainMutation, OperatorRecheckServerDomainMutationVariables>`
  mutation OperatorRecheckServerDomain($id: ID!) {
    recheckServerDomain(id: $id) {
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
