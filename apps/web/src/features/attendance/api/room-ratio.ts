import { gql } from '@urql/core';

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

export const RoomRatioQuery = gql<{ getRoomRatio: RoomRatioData[] }, { location_id: string }>`
  query AttendanceRoomRatio($location_id: ID!) {
    getRoomRatio(location_id: $location_id) {
      ...AttendanceRoomRatioFields
    }
  }
  ${RoomRatioFields}
`;

export const SaveRoomRatioMutation = gql<
  { saveRoomRatio: { status: boolean; message: string; color: string } },
  { program_id: string; children: number; staff: number }
>`
  mutation AttendanceSaveRoomRatio($program_id: ID!, $children: Int!, $staff: Int) {
    saveRoomRatio(program_id: $program_id, children: $children, staff: $staff) {
      status
      message
      color
    }
  }
`;

/** Removes a room's required ratio (the room is then "not set"). */
export const RemoveRoomRatioMutation = gql<
  { removeRoomRatio: { status: boolean; message: string; color: string } },
  { program_id: string }
>`
  mutation AttendanceRemoveRoomRatio($program_id: ID!) {
    removeRoomRatio(program_id: $program_id) {
      status
      message
      color
    }
  }
`;
