import { gql } from '@urql/core';
import { CameraFields, HistoryFields, type CameraData, type HistoryEntryData, type PaginatorInfoData } from './fragments';

export const LocationCamerasQuery = gql<
  { location_cameras: { data: CameraData[]; paginatorInfo: PaginatorInfoData } },
  { location_id: string; page: number; first: number }
>`
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

export const CameraHistoryQuery = gql<
  { getCameraHistory: { data: HistoryEntryData[]; paginatorInfo: PaginatorInfoData } },
  { id: string; page: number; first: number }
>`
  query SetupCameraHistory($id: ID!, $page: Int, $first: Int) {
    getCameraHistory(id: $id, page: $page, first: $first) {
      ...SetupHistoryFields
    }
  }
  ${HistoryFields}
`;

export const SuggestColorsQuery = gql<{ suggestcolors: string[] }, { location_id: string; count?: number }>`
  query SetupSuggestColors($location_id: ID!, $count: Int) {
    suggestcolors(location_id: $location_id, count: $count)
  }
`;

export const CheckCameraColorQuery = gql<
  { checkCameraColor: { available: boolean; message: string } },
  { location_id: string; color_code: string; id?: string | null }
>`
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

export const CameraSettingsQuery = gql<CameraSettingsData, { location_id: string }>`
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

export const UploadCamerasListQuery = gql<{ uploadCamerasList: CameraUploadResultData }, { location_id: string; csv: string }>`
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
