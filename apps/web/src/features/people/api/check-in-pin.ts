import { gql } from '@urql/core';
import type {
  PeopleGenerateCheckInPinMutation,
  PeopleGenerateCheckInPinMutationVariables,
  PeopleMyCheckInPinQuery,
  PeopleMyCheckInPinQueryVariables,
  PeoplePersonCheckInPinQuery,
  PeoplePersonCheckInPinQueryVariables,
} from '../../../graphql/generated/tenant-api';

/** The signed-in person's own check-in PIN (spec User.check_in_pin). */
export const MyCheckInPinQuery = gql<PeopleMyCheckInPinQuery, PeopleMyCheckInPinQueryVariables>`
  query PeopleMyCheckInPin {
    me {
      id
      check_in_pin
    }
  }
`;

/** Someone else's check-in PIN: null unless the viewer may edit them (the API decides). */
export const PersonCheckInPinQuery = gql<PeoplePersonCheckInPinQuery, PeoplePersonCheckInPinQueryVariables>`
  query PeoplePersonCheckInPin($id: ID!) {
    user(id: $id) {
      id
      check_in_pin
    }
  }
`;

/** A new random PIN for oneself (no user_id) or for a person the viewer may edit; the old one stops working. */
export const GenerateCheckInPinMutation = gql<PeopleGenerateCheckInPinMutation, PeopleGenerateCheckInPinMutationVariables>`
  mutation PeopleGenerateCheckInPin($user_id: ID) {
    generateCheckInPin(user_id: $user_id) {
      status
      message
      color
      user_id
      check_in_pin
    }
  }
`;
