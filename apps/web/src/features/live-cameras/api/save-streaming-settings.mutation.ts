import { gql } from '@urql/core';
import type {
  SaveStreamingSettingsMutation as SaveStreamingSettingsMutationResult,
  SaveStreamingSettingsMutationVariables,
} from '../../../graphql/generated/tenant-api';

export interface SaveStreamingSettingsVars {
  location_id: string;
  streaming_server_id: string | null;
  watermark: boolean;
  heartbeat_seconds: number;
  only_checked_in: boolean;
  width: number;
  height: number;
  server: string | null;
  fullscreen: boolean;
  value: string;
  enable_test_mode: boolean;
}

/** Saves the three settings of /streamings in one request (each mutation is its own transaction). */
export const SaveStreamingSettingsMutation = gql<SaveStreamingSettingsMutationResult, SaveStreamingSettingsMutationVariables>`
  mutation SaveStreamingSettings(
    $location_id: ID!
    $streaming_server_id: ID
    $watermark: Boolean
    $heartbeat_seconds: Int
    $only_checked_in: Boolean
    $width: Int
    $height: Int
    $server: String
    $fullscreen: Boolean
    $value: String!
    $enable_test_mode: Boolean
  ) {
    saveStreamSettings(
      location_id: $location_id
      streaming_server_id: $streaming_server_id
      watermark: $watermark
      heartbeat_seconds: $heartbeat_seconds
      only_checked_in: $only_checked_in
    ) {
      status
      message
      color
    }
    saveCameraSettings(location_id: $location_id, width: $width, height: $height, server: $server, fullscreen: $fullscreen) {
      status
      message
      color
    }
    saveStreamModeSettings(location_id: $location_id, value: $value, enable_test_mode: $enable_test_mode) {
      status
      message
      color
    }
  }
`;
