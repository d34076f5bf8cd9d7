import { gql } from '@urql/core';
import { CameraGroupFields, RoomFields, type CameraGroupData, type NoticeData, type RoomData } from './fragments';
import type {
  SetupCreateGroupMutation,
  SetupCreateGroupMutationVariables,
  SetupCreateProgramMutation,
  SetupCreateProgramMutationVariables,
  SetupCreateRoomMutation,
  SetupCreateRoomMutationVariables,
  SetupDeleteGroupMutation,
  SetupDeleteGroupMutationVariables,
  SetupDeleteProgramMutation,
  SetupDeleteProgramMutationVariables,
  SetupDeleteRoomMutation,
  SetupDeleteRoomMutationVariables,
  SetupRenameGroupMutation,
  SetupRenameGroupMutationVariables,
  SetupUpdateGroupCamerasMutation,
  SetupUpdateGroupCamerasMutationVariables,
  SetupUpdateProgramMutation,
  SetupUpdateProgramMutationVariables,
  SetupUpdateRoomMutation,
  SetupUpdateRoomMutationVariables,
} from '../../../graphql/generated/tenant-api';

export type RoomResultData = NoticeData & { room: RoomData | null };
export type GroupResultData = NoticeData & { group: CameraGroupData | null };

export interface RoomInput {
  name: string;
  color_code: string | null;
  camera_group_id: string | null;
}

export const CreateRoomMutation = gql<SetupCreateRoomMutation, SetupCreateRoomMutationVariables>`
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

export const UpdateRoomMutation = gql<SetupUpdateRoomMutation, SetupUpdateRoomMutationVariables>`
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

export const DeleteRoomMutation = gql<SetupDeleteRoomMutation, SetupDeleteRoomMutationVariables>`
  mutation SetupDeleteRoom($id: ID!) {
    deleteLocationRoom(id: $id) {
      status
      message
      color
    }
  }
`;

export const CreateProgramMutation = gql<SetupCreateProgramMutation, SetupCreateProgramMutationVariables>`
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

export const UpdateProgramMutation = gql<SetupUpdateProgramMutation, SetupUpdateProgramMutationVariables>`
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

export const DeleteProgramMutation = gql<SetupDeleteProgramMutation, SetupDeleteProgramMutationVariables>`
  mutation SetupDeleteProgram($id: ID!) {
    deleteProgram(id: $id) {
      status
      message
      color
    }
  }
`;

export const CreateGroupMutation = gql<SetupCreateGroupMutation, SetupCreateGroupMutationVariables>`
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

export const UpdateGroupCamerasMutation = gql<SetupUpdateGroupCamerasMutation, SetupUpdateGroupCamerasMutationVariables>`
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

export const RenameGroupMutation = gql<SetupRenameGroupMutation, SetupRenameGroupMutationVariables>`
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

export const DeleteGroupMutation = gql<SetupDeleteGroupMutation, SetupDeleteGroupMutationVariables>`
  mutation SetupDeleteGroup($id: ID!) {
    deleteLocationGroup(id: $id) {
      status
      message
      color
    }
  }
`;
