import { gql } from '@urql/core';
import { RoomRatioFields, type RoomRatioData } from './room-ratio';

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
export const AttendanceChangedSubscription = gql<{ attendanceChanged: AttendanceEventData }, { location_id: string }>`
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
export const RoomRatioChangedSubscription = gql<
  { roomRatioChanged: { location_id: string; rooms: RoomRatioData[] } },
  { location_id: string }
>`
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
