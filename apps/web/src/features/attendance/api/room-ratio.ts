import { gql } from '@urql/core';
import type {
  AttendanceRemoveRoomRatioMutation,
  AttendanceRemoveRoomRatioMutationVariables,
  AttendanceRoomRatioQuery,
  AttendanceRoomRatioQueryVariables,
  AttendanceSaveRoomRatioMutation,
  AttendanceSaveRoomRatioMutationVariables,
} from '../../../graphql/generated/tenant-api';

export interface RoomRatioData {
  program_id: string;
  name: string;
  color_code: string | null;
  location_id: string;
  ratio_children: number | null;
  ratio_staff: number | null;
  ratio: string | null;
  children_present: number;
  staff_present: number;
  staff_required: number;
  status: 'ok' | 'warning' | 'out_of_ratio' | 'not_set';
  expected_arrivals: number;
  projected_children: number;
  projected_staff_required: number;
  projected_status: string;
  spare_places: number | null;
}

export const RoomRatioFields = gql`
  fragment AttendanceRoomRatioFields on RoomRatio {
    program_id
    name
    color_code
    location_id
    ratio_children
    ratio_staff
    ratio
    children_present
    staff_present
    staff_required
    status
    expected_arrivals
    projected_children
    projected_staff_required
    projected_status
    spare_places
  }
`;

export const RoomRatioQuery = gql<AttendanceRoomRatioQuery, AttendanceRoomRatioQueryVariables>`
  query AttendanceRoomRatio($location_id: ID!) {
    getRoomRatio(location_id: $location_id) {
      ...AttendanceRoomRatioFields
    }
  }
  ${RoomRatioFields}
`;

export const SaveRoomRatioMutation = gql<AttendanceSaveRoomRatioMutation, AttendanceSaveRoomRatioMutationVariables>`
  mutation AttendanceSaveRoomRatio($program_id: ID!, $children: Int!, $staff: Int) {
    saveRoomRatio(program_id: $program_id, children: $children, staff: $staff) {
      status
      message
      color
    }
  }
`;

/** Removes a room's required ratio (the room is then "not set"). */
export const RemoveRoomRatioMutation = gql<AttendanceRemoveRoomRatioMutation, AttendanceRemoveRoomRatioMutationVariables>`
  mutation AttendanceRemoveRoomRatio($program_id: ID!) {
    removeRoomRatio(program_id: $program_id) {
      status
      message
      color
    }
  }
`;
