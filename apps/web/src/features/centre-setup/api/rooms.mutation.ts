import { gql } from '@urql/core';
import { CameraGroupFields, RoomFields, type CameraGroupData, type NoticeData, type RoomData } from './fragments';

export type RoomResultData = NoticeData & { room: RoomData | null };
export type GroupResultData = NoticeData & { group: CameraGroupData | null };

export interface RoomInput {
  name: string;
  color_code: string | null;
  camera_group_id: string | null;
}

export const CreateRoomMutation = gql<{ createLocationRoom: RoomResultData }, RoomInput & { location_id: string }>`
  mutation SetupCreateRoom($location_id: ID!, $name: String!, $color_code: String, $camera_group_id: ID) {
    createLocationRoom(location_id: $location_id, name: $name, color_code: $color_code, camera_group_id: $camera_group_id) {
      status
      message
      color
      room {
        ...SetupRoomFields
      }
    }
  }
  ${RoomFields}
`;

export const UpdateRoomMutation = gql<{ updateLocationRoom: RoomResultData }, RoomInput & { id: string }>`
  mutation SetupUpdateRoom($id: ID!, $name: String, $color_code: String, $camera_group_id: ID) {
    updateLocationRoom(id: $id, name: $name, color_code: $color_code, camera_group_id: $camera_group_id) {
      status
      message
      color
      room {
        ...SetupRoomFields
      }
    }
  }
  ${RoomFields}
`;

export const DeleteRoomMutation = gql<{ deleteLocationRoom: NoticeData }, { id: string }>`
  mutation SetupDeleteRoom($id: ID!) {
    deleteLocationRoom(id: $id) {
      status
      message
      color
    }
  }
`;

export const CreateProgramMutation = gql<{ createProgram: RoomResultData }, RoomInput & { location_id: string }>`
  mutation SetupCreateProgram($location_id: ID!, $name: String!, $color_code: String, $camera_group_id: ID) {
    createProgram(location_id: $location_id, name: $name, color_code: $color_code, camera_group_id: $camera_group_id) {
      status
      message
      color
      room {
        ...SetupRoomFields
      }
    }
  }
  ${RoomFields}
`;

export const UpdateProgramMutation = gql<{ updateProgram: RoomResultData }, RoomInput & { id: string }>`
  mutation SetupUpdateProgram($id: ID!, $name: String, $color_code: String, $camera_group_id: ID) {
    updateProgram(id: $id, name: $name, color_code: $color_code, camera_group_id: $camera_group_id) {
      status
      message
      color
      room {
        ...SetupRoomFields
      }
    }
  }
  ${RoomFields}
`;

export const DeleteProgramMutation = gql<{ deleteProgram: NoticeData }, { id: string }>`
  mutation SetupDeleteProgram($id: ID!) {
    deleteProgram(id: $id) {
      status
      message
      color
    }
  }
`;

export const CreateGroupMutation = gql<{ createLocationGroup: GroupResultData }, { location_id: string; name: string; cameras: string[] }>`
  mutation SetupCreateGroup($location_id: ID!, $name: String!, $cameras: [ID!]) {
    createLocationGroup(location_id: $location_id, name: $name, cameras: $cameras) {
      status
      message
      color
      group {
        ...SetupCameraGroupFields
      }
    }
  }
  ${CameraGroupFields}
`;

export const UpdateGroupCamerasMutation = gql<{ updateGroupCamera: GroupResultData }, { id: string; cameras: string[] }>`
  mutation SetupUpdateGroupCameras($id: ID!, $cameras: [ID!]!) {
    updateGroupCamera(id: $id, cameras: $cameras) {
      status
      message
      color
      group {
        ...SetupCameraGroupFields
      }
    }
  }
  ${CameraGroupFields}
`;

export const RenameGroupMutation = gql<{ updateLocationGroupName: GroupResultData }, { id: string; name: string }>`
  mutation SetupRenameGroup($id: ID!, $name: String!) {
    updateLocationGroupName(id: $id, name: $name) {
      status
      message
      color
      group {
        ...SetupCameraGroupFields
      }
    }
  }
  ${CameraGroupFields}
`;

export const DeleteGroupMutation = gql<{ deleteLocationGroup: NoticeData }, { id: string }>`
  mutation SetupDeleteGroup($id: ID!) {
    deleteLocationGroup(id: $id) {
      status
      message
      color
    }
  }
`;
