import { gql } from '@urql/core';
import { RoomRatioFields } from './room-ratio';
import type {
  AttendanceChangedSubscription as AttendanceChangedSubscriptionResult,
  AttendanceChangedSubscriptionVariables,
  AttendanceRoomRatioChangedSubscription,
  AttendanceRoomRatioChangedSubscriptionVariables,
} from '../../../graphql/generated/tenant-api';

export interface AttendanceEventData {
  location_id: string;
  kind: string;
  type: string;
  student_id: string | null;
  user_id: string | null;
  program_id: string | null;
  at: string;
}

/** A child or a staff member checked in or out at the location, elsewhere (subscriptions.graphql). */
export const AttendanceChangedSubscription = gql<AttendanceChangedSubscriptionResult, AttendanceChangedSubscriptionVariables>`
  subscription AttendanceChanged($location_id: ID!) {
    attendanceChanged(location_id: $location_id) {
      location_id
      kind
      type
      student_id
      user_id
      program_id
      at
    }
  }
`;

/** Rooms of the location whose live ratio changed. */
export const RoomRatioChangedSubscription = gql<AttendanceRoomRatioChangedSubscription, AttendanceRoomRatioChangedSubscriptionVariables>`
  subscription AttendanceRoomRatioChanged($location_id: ID!) {
    roomRatioChanged(location_id: $location_id) {
      location_id
      rooms {
        ...AttendanceRoomRatioFields
      }
    }
  }
  ${RoomRatioFields}
`;
