import { gql } from '@urql/core';
import type {
  StreamingSettingsQuery as StreamingSettingsQueryResult,
  StreamingSettingsQueryVariables,
} from '../../../graphql/generated/tenant-api';

export interface StreamSettingsData {
  location_id: string;
  streaming_server_id: string | null;
  watermark: boolean;
  heartbeat_seconds: number;
  only_checked_in: boolean;
}
export interface CameraSettingData {
  location_id: string;
  width: number;
  height: number;
  server: string | null;
  fullscreen: boolean;
}
export interface StreamModeData {
  id: string | null;
  value: string;
  object_id: string;
  enable_test_mode: boolean;
}

/** Everything /streamings edits for one location: stream, player (camera) and stream-mode settings. */
export const StreamingSettingsQuery = gql<StreamingSettingsQueryResult, StreamingSettingsQueryVariables>`
  query StreamingSettings($location_id: ID!) {
    getStreamSettings(location_id: $location_id) {
      location_id
      streaming_server_id
      watermark
      heartbeat_seconds
      only_checked_in
    }
    getCameraSettings(location_id: $location_id) {
      location_id
      width
      height
      server
      fullscreen
    }
    getStreamModeSettings(location_id: $location_id) {
      id
      value
      object_id
      enable_test_mode
    }
  }
`;
