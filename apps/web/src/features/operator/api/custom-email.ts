import { gql } from '@urql/core';
import type {
  OperatorCustomEmailCentresQuery,
  OperatorCustomEmailCentresQueryVariables,
  OperatorCustomEmailSendMutation,
  OperatorCustomEmailSendMutationVariables,
  OperatorCustomEmailUsersQuery,
  OperatorCustomEmailUsersQueryVariables,
} from '../../../graphql/generated/control-plane';

export type CustomEmailUserData = OperatorCustomEmailUsersQuery['getUserForCustomEmail'][number];

/** The active centres to pick from (names only). */
export const CustomEmailCentresQuery = gql<OperatorCustomEmailCentresQuery, OperatorCustomEmailCentresQueryVariables>`
  query OperatorCustomEmailCentres {
    getCenters(first: 100, status: "active") {
      data {
        id
        name
      }
    }
  }
`;

export const CustomEmailUsersQuery = gql<OperatorCustomEmailUsersQuery, OperatorCustomEmailUsersQueryVariables>`
  query OperatorCustomEmailUsers($center_ids: [ID!]!, $roles: [String!]!) {
    getUserForCustomEmail(center_ids: $center_ids, roles: $roles) {
      center_id
      center_name
      user_id
      name
      email
      role
    }
  }
`;

export const CustomEmailSendMutation = gql<OperatorCustomEmailSendMutation, OperatorCustomEmailSendMutationVariables>`
  mutation OperatorCustomEmailSend($subject: String!, $body: String!, $recipients: [String!]!) {
    sendCustomEmailUtility(subject: $subject, body: $body, recipients: $recipients) {
      status
      message
      color
      queued
      skipped
    }
  }
`;
