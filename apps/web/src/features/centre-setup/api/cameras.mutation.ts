import { gql } from '@urql/core';
import { CameraFields, type CameraData, type NoticeData } from './fragments';
import type { ScheduleDateInput } from './locations.mutation';
import type {
  SetupApplyScheduleMutation,
  SetupApplyScheduleMutationVariables,
  SetupCreateCameraMutation,
  SetupCreateCameraMutationVariables,
  SetupCreateMultipleCamerasMutation,
  SetupCreateMultipleCamerasMutationVariables,
  SetupDeleteCameraMutation,
  SetupDeleteCameraMutationVariables,
  SetupSaveCameraOrderMutation,
  SetupSaveCameraOrderMutationVariables,
  SetupSaveCameraSettingsMutation,
  SetupSaveCameraSettingsMutationVariables,
  SetupSaveStreamModeMutation,
  SetupSaveStreamModeMutationVariables,
  SetupSaveUploadCameraListMutation,
  SetupSaveUploadCameraListMutationVariables,
  SetupUpdateCameraMutation,
  SetupUpdateCameraMutationVariables,
  SetupUpdateCameraStatusMutation,
  SetupUpdateCameraStatusMutationVariables,
} from '../../../graphql/generated/tenant-api';

export type CameraResultData = NoticeData & { camera: CameraData | null };
export type CamerasResultData = NoticeData & { cameras: CameraData[] };

export interface CameraInputVars {
  name: string;
  code: string;
  color_code: string;
  location_id: string;
  camera_id: string | null;
  status: boolean;
  program_id: string | null;
  groups: string[];
  schedule_id: string | null;
  schedule_name: string | null;
  scheduledates: ScheduleDateInput[] | null;
}

export const CreateCameraMutation = gql<SetupCreateCameraMutation, SetupCreateCameraMutationVariables>`
  mutation SetupCreateCamera(
    $name: String!
    $code: String!
    $color_code: String!
    $location_id: ID!
    $camera_id: String
    $status: Boolean
    $program_id: ID
    $groups: [ID!]
    $schedule_id: ID
    $schedule_name: String
    $scheduledates: [ScheduleDateInput!]
  ) {
    createCameraWithScheduleInLocation(
      name: $name
      code: $code
      color_code: $color_code
      location_id: $location_id
      camera_id: $camera_id
      status: $status
      program_id: $program_id
      groups: $groups
      schedule_id: $schedule_id
      schedule_name: $schedule_name
      scheduledates: $scheduledates
    ) {
      status
      message
      color
      camera {
        ...SetupCameraFields
      }
    }
  }
  ${CameraFields}
`;

export const UpdateCameraMutation = gql<SetupUpdateCameraMutation, SetupUpdateCameraMutationVariables>`
  mutation SetupUpdateCamera(
    $id: ID!
    $name: String!
    $code: String!
    $color_code: String!
    $location_id: ID!
    $schedule_name: String!
    $camera_id: String
    $status: Boolean
    $program_id: ID
    $groups: [ID!]
    $schedule_id: ID
    $scheduledates: [ScheduleDateInput!]
  ) {
    updateCameraWithScheduleInLocation(
      id: $id
      name: $name
      code: $code
      color_code: $color_code
      location_id: $location_id
      schedule_name: $schedule_name
      camera_id: $camera_id
      status: $status
      program_id: $program_id
      groups: $groups
      schedule_id: $schedule_id
      scheduledates: $scheduledates
    ) {
      status
      message
      color
      camera {
        ...SetupCameraFields
      }
    }
  }
  ${CameraFields}
`;

export const DeleteCameraMutation = gql<SetupDeleteCameraMutation, SetupDeleteCameraMutationVariables>`
  mutation SetupDeleteCamera($id: ID!) {
    deleteCamera(id: $id) {
      status
      message
      color
    }
  }
`;

export const UpdateCameraStatusMutation = gql<SetupUpdateCameraStatusMutation, SetupUpdateCameraStatusMutationVariables>`
  mutation SetupUpdateCameraStatus($id: ID!, $status: Boolean!) {
    updateCameraStatus(id: $id, status: $status) {
      status
      message
      color
      camera {
        ...SetupCameraFields
      }
    }
  }
  ${CameraFields}
`;

export const CreateMultipleCamerasMutation = gql<SetupCreateMultipleCamerasMutation, SetupCreateMultipleCamerasMutationVariables>`
  mutation SetupCreateMultipleCameras($location_id: ID!, $cameras: [CameraInput!]!) {
    createMultipleCameras(location_id: $location_id, cameras: $cameras) {
      status
      message
      color
      cameras {
        ...SetupCameraFields
      }
    }
  }
  ${CameraFields}
`;

export const SaveCameraOrderMutation = gql<SetupSaveCameraOrderMutation, SetupSaveCameraOrderMutationVariables>`
  mutation SetupSaveCameraOrder($location_id: ID!, $cameras: [ID!]!) {
    saveCameraOrder(location_id: $location_id, cameras: $cameras) {
      status
      message
      color
      cameras {
        ...SetupCameraFields
      }
    }
  }
  ${CameraFields}
`;

export const ApplyScheduleMutation = gql<SetupApplyScheduleMutation, SetupApplyScheduleMutationVariables>`
  mutation SetupApplySchedule($schedule_id: ID, $cameras: [ID!]!) {
    applyScheduleToCameras(schedule_id: $schedule_id, cameras: $cameras) {
      status
      message
      color
      cameras {
        ...SetupCameraFields
      }
    }
  }
  ${CameraFields}
`;

export const SaveUploadCameraListMutation = gql<SetupSaveUploadCameraListMutation, SetupSaveUploadCameraListMutationVariables>`
  mutation SetupSaveUploadCameraList($location_id: ID!, $csv: String!) {
    saveUploadCameraList(location_id: $location_id, csv: $csv) {
      status
      message
      color
      valid
      rows {
        line
        name
        code
        color_code
        camera_id
        status
        room
        errors {
          field
          message
        }
      }
      cameras {
        id
        name
      }
    }
  }
`;

export const SaveCameraSettingsMutation = gql<SetupSaveCameraSettingsMutation, SetupSaveCameraSettingsMutationVariables>`
  mutation SetupSaveCameraSettings($location_id: ID!, $width: Int, $height: Int, $server: String, $fullscreen: Boolean) {
    saveCameraSettings(location_id: $location_id, width: $width, height: $height, server: $server, fullscreen: $fullscreen) {
      status
      message
      color
    }
  }
`;

export const SaveStreamModeMutation = gql<SetupSaveStreamModeMutation, SetupSaveStreamModeMutationVariables>`
  mutation SetupSaveStreamMode($location_id: ID!, $value: String!, $enable_test_mode: Boolean) {
    saveStreamModeSettings(location_id: $location_id, value: $value, enable_test_mode: $enable_test_mode) {
      status
      message
      color
    }
  }
`;
