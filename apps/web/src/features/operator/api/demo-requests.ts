import { gql } from '@urql/core';
import type {
  OperatorDemoRequestsQuery,
  OperatorDemoRequestsQueryVariables,
  OperatorUpdateDemoRequestMutation,
  OperatorUpdateDemoRequestMutationVariables,
  OperatorSendSignupLinkMutation,
  OperatorSendSignupLinkMutationVariables,
  GuestCreateDemoRequestMutation,
  GuestCreateDemoRequestMutationVariables,
} from '../../../graphql/generated/control-plane';

const DemoRequestFields = gql`
  fragment DemoRequestFields on DemoRequest {
    id
    name
    email
    phone
    center_name
    kind
    locations
    message
    status
    notes
    signup_link_sent_at
    changed_by
    created_at
  }
`;

export const DemoRequestsQuery = gql<OperatorDemoRequestsQuery, OperatorDemoRequestsQueryVariables>`
  query OperatorDemoRequests($page: Int, $first: Int, $status: String, $search: String) {
    getDemoRequests(page: $page, first: $first, status: $status, search: $search) {
      data {
        ...DemoRequestFields
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
  ${DemoRequestFields}
`;

export const UpdateDemoRequestMutation = gql<OperatorUpdateDemoRequestMutation, OperatorUpdateDemoRequestMutationVariables>`
  mutation OperatorUpdateDemoRequest($id: ID!, $status: String, $notes: String) {
    updateDemoRequest(id: $id, status: $status, notes: $notes) {
      status
      message
      color
      demo_request {
        ...DemoRequestFields
      }
    }
  }
  ${DemoRequestFields}
`;

export const SendSignupLinkMutation = gql<OperatorSendSignupLinkMutation, OperatorSendSignupLinkMutationVariables>`
  mutation OperatorSendSignupLink($id: ID!) {
    sendSignupLink(id: $id) {
      status
      message
      color
      demo_request {
        ...DemoRequestFields
      }
    }
  }
  ${DemoRequestFields}
`;

export const CreateDemoRequestMutation = gql<GuestCreateDemoRequestMutation, GuestCreateDemoRequestMutationVariables>`
  mutation GuestCreateDemoRequest(
    $name: String!
    $email: String!
    $phone: String
    $center_name: String!
    $kind: String
    $locations: Int
    $message: String
    $website: String
  ) {
    createDemoRequest(
      name: $name
      email: $email
      phone: $phone
      center_name: $center_name
      kind: $kind
      locations: $locations
      message: $message
      website: $website
    ) {
      status
      message
      color
    }
  }
`;

export type DemoRequestItem = OperatorDemoRequestsQuery['getDemoRequests']['data'][number];
