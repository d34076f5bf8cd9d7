import { gql } from '@urql/core';
import type {
  OperatorCustomerWebsitesQuery,
  OperatorCustomerWebsitesQueryVariables,
  OperatorTakeCustomerWebsiteOfflineMutation,
  OperatorTakeCustomerWebsiteOfflineMutationVariables,
  OperatorBringCustomerWebsiteOnlineMutation,
  OperatorBringCustomerWebsiteOnlineMutationVariables,
} from '../../../graphql/generated/control-plane';

const CustomerWebsiteFields = gql`
  fragment CustomerWebsiteFields on CustomerWebsite {
    id
    center_id
    center_name
    center_slug
    slug
    title
    kind
    pages
    published
    state
    url
    site_updated_at
    reported_at
    offline_at
    offline_by
    offline_reason
  }
`;

export const CustomerWebsitesQuery = gql<OperatorCustomerWebsitesQuery, OperatorCustomerWebsitesQueryVariables>`
  query OperatorCustomerWebsites($page: Int, $first: Int, $center_id: ID, $kind: String, $state: String, $search: String) {
    getCustomerWebsites(page: $page, first: $first, center_id: $center_id, kind: $kind, state: $state, search: $search) {
      data {
        ...CustomerWebsiteFields
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
  ${CustomerWebsiteFields}
`;

export const TakeCustomerWebsiteOfflineMutation = gql<
  OperatorTakeCustomerWebsiteOfflineMutation,
  OperatorTakeCustomerWebsiteOfflineMutationVariables
>`
  mutation OperatorTakeCustomerWebsiteOffline($id: ID!, $reason: String) {
    takeCustomerWebsiteOffline(id: $id, reason: $reason) {
      status
      message
      color
      website {
        ...CustomerWebsiteFields
      }
    }
  }
  ${CustomerWebsiteFields}
`;

export const BringCustomerWebsiteOnlineMutation = gql<
  OperatorBringCustomerWebsiteOnlineMutation,
  OperatorBringCustomerWebsiteOnlineMutationVariables
>`
  mutation OperatorBringCustomerWebsiteOnline($id: ID!) {
    bringCustomerWebsiteOnline(id: $id) {
      status
      message
      color
      website {
        ...CustomerWebsiteFields
      }
    }
  }
  ${CustomerWebsiteFields}
`;

export type CustomerWebsiteItem = OperatorCustomerWebsitesQuery['getCustomerWebsites']['data'][number];
