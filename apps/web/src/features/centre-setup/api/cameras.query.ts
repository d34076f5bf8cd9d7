import { gql } from '@urql/core';
import { CameraFields, HistoryFields, type CameraData, type PaginatorInfoData } from './fragments';
import type {
  SetupCameraHistoryQuery,
  SetupCameraHistoryQueryVariables,
  SetupCameraSettingsQuery,
  SetupCameraSettingsQueryVariables,
  SetupCheckCameraColorQuery,
  SetupCheckCameraColorQueryVariables,
  SetupLocationCamerasQuery,
  SetupLocationCamerasQueryVariables,
  SetupSuggestColorsQuery,
  SetupSuggestColorsQueryVariables,
  SetupUploadCamerasListQuery,
  SetupUploadCamerasListQueryVariables,
} from '../../../graphql/generated/tenant-api';

export const LocationCamerasQuery = gql<SetupLocationCamerasQuery, SetupLocationCamerasQueryVariables>`
  query SetupLocationCameras($location_id: ID!, $page: Int, $first: Int) {
    location_cameras(location_id: $location_id, page: $page, first: $first) {
      data {
        ...SetupCameraFields
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
  ${CameraFields}
`;

export const pickCameras = (d: { location_cameras: { data: CameraData[]; paginatorInfo: PaginatorInfoData } }) => d.location_cameras;

export const CameraHistoryQuery = gql<SetupCameraHistoryQuery, SetupCameraHistoryQueryVariables>`
  query SetupCameraHistory($id: ID!, $page: Int, $first: Int) {
    getCameraHistory(id: $id, page: $page, first: $first) {
      ...SetupHistoryFields
    }
  }
  ${HistoryFields}
`;

export const SuggestColorsQuery = gql<SetupSuggestColorsQuery, SetupSuggestColorsQueryVariables>`
  query SetupSuggestColors($location_id: ID!, $count: Int) {
    suggestcolors(location_id: $location_id, count: $count)
  }
`;

export const CheckCameraColorQuery = gql<SetupCheckCameraColorQuery, SetupCheckCameraColorQueryVariables>`
  query SetupCheckCameraColor($location_id: ID!, $color_code: String!, $id: ID) {
    checkCameraColor(location_id: $location_id, color_code: $color_code, id: $id) {
      available
      message
    }
  }
`;

export interface CameraSettingsData {
  getCameraSettings: { location_id: string; width: number; height: number; server: string | null; fullscreen: boolean };
  getStreamModeSettings: { id: string | null; key: string; value: string; object_id: string; enable_test_mode: boolean };
}

export const CameraSettingsQuery = gql<SetupCameraSettingsQuery, SetupCameraSettingsQueryVariables>`
  query SetupCameraSettings($location_id: ID!) {
    getCameraSettings(location_id: $location_id) {
      location_id
      width
      height
      server
      fullscreen
    }
    getStreamModeSettings(location_id: $location_id) {
      id
      key
      value
      object_id
      enable_test_mode
    }
  }
`;

export interface CameraUploadRowData {
  line: number;
  name: string;
  code: string;
  color_code: string;
  camera_id: string | null;
  status: boolean | null;
  room: string | null;
  errors: { field: string; message: string }[];
}

export interface CameraUploadResultData {
  status: boolean;
  message: string;
  color: string;
  valid: boolean;
  rows: CameraUploadRowData[];
  cameras: { id: string; name: string }[];
}

export const UploadCamerasListQuery = gql<SetupUploadCamerasListQuery, SetupUploadCamerasListQueryVariables>`
  query SetupUploadCamerasList($location_id: ID!, $csv: String!) {
    uploadCamerasList(location_id: $location_id, csv: $csv) {
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
