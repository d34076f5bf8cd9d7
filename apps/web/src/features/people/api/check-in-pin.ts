import { gql } from '@urql/core';

/** The signed-in person's own check-in PIN (spec User.check_in_pin). */
export const MyCheckInPinQuery = gql<{ me: { id: string; check_in_pin: string | null } | null }, Record<string, never>>`
  query PeopleMyCheckInPin {
    me {
      id
      check_in_pin
    }
  }
`;

/** Someone else's check-in PIN: null unless the viewer may edit them (the API decides). */
export const PersonCheckInPinQuery = gql<{ user: { id: string; check_in_pin: string | null } | null }, { id: string }>`
  query PeoplePersonCheckInPin($id: ID!) {
    user(id: $id) {
      id
      check_in_pin
    }
  }
`;

/** A new random PIN for oneself (no user_id) or for a person the viewer may edit; the old one stops working. */
export const GenerateCheckInPinMutation = gql<
  { generateCheckInPin: { status: boolean; message: string; color: string; user_id: string; check_in_pin: string } },
  { user_id?: string | null }
>`
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
