import { gql } from '@urql/core';
import type {
  AttendanceCheckInSettingsQuery,
  AttendanceCheckInSettingsQueryVariables,
  AttendanceSaveCheckInSettingsMutation,
  AttendanceSaveCheckInSettingsMutationVariables,
} from '../../../graphql/generated/tenant-api';

export interface CheckInSettingsData {
  location_id: string;
  health_screen: boolean;
  signature_required: boolean;
  parent_check_in: boolean;
  require_phone_with_pin: boolean;
  check_in_parent_alert: { email: boolean; sms: boolean; app: boolean; time: string | null };
}

const SettingsFields = gql`
  fragment AttendanceCheckInSettingsFields on CheckInSettings {
    location_id
    health_screen
    signature_required
    parent_check_in
    require_phone_with_pin
    check_in_parent_alert {
      email
      sms
      app
      time
    }
  }
`;

export const CheckInSettingsQuery = gql<AttendanceCheckInSettingsQuery, AttendanceCheckInSettingsQueryVariables>`
  query AttendanceCheckInSettings($location_id: ID!) {
    getCheckInSettings(location_id: $location_id) {
      ...AttendanceCheckInSettingsFields
    }
  }
  ${SettingsFields}
`;

export interface SaveCheckInSettingsVars {
  location_id: string;
  health_screen?: boolean;
  signature_required?: boolean;
  parent_check_in?: boolean;
  require_phone_with_pin?: boolean;
  check_in_parent_alert?: { email?: boolean; sms?: boolean; app?: boolean; time?: string | null };
}

export const SaveCheckInSettingsMutation = gql<AttendanceSaveCheckInSettingsMutation, AttendanceSaveCheckInSettingsMutationVariables>`
  mutation AttendanceSaveCheckInSettings(
    $location_id: ID!
    $health_screen: Boolean
    $signature_required: Boolean
    $parent_check_in: Boolean
    $require_phone_with_pin: Boolean
    $check_in_parent_alert: ParentAlertSettingInput
  ) {
    saveCheckInSettings(
      location_id: $location_id
      health_screen: $health_screen
      signature_required: $signature_required
      parent_check_in: $parent_check_in
      require_phone_with_pin: $require_phone_with_pin
      check_in_parent_alert: $check_in_parent_alert
    ) {
      status
      message
      color
      setting {
        ...AttendanceCheckInSettingsFields
      }
    }
  }
  ${SettingsFields}
`;
