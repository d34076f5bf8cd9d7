import { gql } from '@urql/core';
import { LocationFields, LocationSettingFields, type LocationData, type LocationSettingData, type NoticeData } from './fragments';
import type {
  SetupAddSchoolMutation,
  SetupAddSchoolMutationVariables,
  SetupCreateLocationMutation,
  SetupCreateLocationMutationVariables,
  SetupDeleteLocationMutation,
  SetupDeleteLocationMutationVariables,
  SetupGenerateLocationQrMutation,
  SetupGenerateLocationQrMutationVariables,
  SetupSaveAddressSettingsMutation,
  SetupSaveAddressSettingsMutationVariables,
  SetupSaveCheckInQrSettingMutation,
  SetupSaveCheckInQrSettingMutationVariables,
  SetupSaveLoginSettingsMutation,
  SetupSaveLoginSettingsMutationVariables,
  SetupSaveNotificationSettingsMutation,
  SetupSaveNotificationSettingsMutationVariables,
  SetupSaveParentSettingsMutation,
  SetupSaveParentSettingsMutationVariables,
  SetupSaveSignupSettingsMutation,
  SetupSaveSignupSettingsMutationVariables,
  SetupSendLocationEmailCodeMutation,
  SetupSendLocationEmailCodeMutationVariables,
  SetupUpdateLocationBillingMutation,
  SetupUpdateLocationBillingMutationVariables,
  SetupUpdateLocationBillingRequestMutation,
  SetupUpdateLocationBillingRequestMutationVariables,
  SetupUpdateLocationManagerMutation,
  SetupUpdateLocationManagerMutationVariables,
  SetupUpdateLocationMutation,
  SetupUpdateLocationMutationVariables,
  SetupUpdateLocationSignupCodeMutation,
  SetupUpdateLocationSignupCodeMutationVariables,
  SetupUpdateTeamNotificationMutation,
  SetupUpdateTeamNotificationMutationVariables,
  SetupVerifyLocationEmailCodeMutation,
  SetupVerifyLocationEmailCodeMutationVariables,
} from '../../../graphql/generated/tenant-api';

export type LocationResultData = NoticeData & { location: LocationData | null };
export type SettingResultData = NoticeData & { setting: LocationSettingData };

export interface ScheduleDateInput {
  day: string;
  start_time: string;
  end_time: string;
}

export interface LocationInput {
  name: string;
  timezone?: string | null;
  email?: string | null;
  phone?: string | null;
  longitude?: number | null;
  latitude?: number | null;
  address?: string | null;
  pin_url?: string | null;
  map_url?: string | null;
  is_signup?: boolean | null;
  signup_code?: string | null;
  color?: string | null;
  managers: string[];
  schedule_name?: string | null;
  scheduledates?: ScheduleDateInput[] | null;
}

export const CreateLocationMutation = gql<SetupCreateLocationMutation, SetupCreateLocationMutationVariables>`
  mutation SetupCreateLocation(
    $name: String!
    $timezone: String
    $email: String
    $phone: String
    $longitude: Float
    $latitude: Float
    $address: String
    $pin_url: String
    $map_url: String
    $is_signup: Boolean
    $signup_code: String
    $color: String
    $managers: [ID!]!
    $schedule_name: String
    $scheduledates: [ScheduleDateInput!]
  ) {
    createNewLocation(
      name: $name
      timezone: $timezone
      email: $email
      phone: $phone
      longitude: $longitude
      latitude: $latitude
      address: $address
      pin_url: $pin_url
      map_url: $map_url
      is_signup: $is_signup
      signup_code: $signup_code
      color: $color
      managers: $managers
      schedule_name: $schedule_name
      scheduledates: $scheduledates
    ) {
      status
      message
      color
      location {
        ...SetupLocationFields
      }
    }
  }
  ${LocationFields}
`;

export const UpdateLocationMutation = gql<SetupUpdateLocationMutation, SetupUpdateLocationMutationVariables>`
  mutation SetupUpdateLocation(
    $id: ID!
    $name: String
    $timezone: String
    $email: String
    $phone: String
    $longitude: Float
    $latitude: Float
    $address: String
    $pin_url: String
    $map_url: String
    $is_signup: Boolean
    $signup_code: String
    $color: String
    $active: Boolean
    $managers: [ID!]
    $schedule_name: String
    $scheduledates: [ScheduleDateInput!]
  ) {
    updateLocation(
      id: $id
      name: $name
      timezone: $timezone
      email: $email
      phone: $phone
      longitude: $longitude
      latitude: $latitude
      address: $address
      pin_url: $pin_url
      map_url: $map_url
      is_signup: $is_signup
      signup_code: $signup_code
      color: $color
      active: $active
      managers: $managers
      schedule_name: $schedule_name
      scheduledates: $scheduledates
    ) {
      status
      message
      color
      location {
        ...SetupLocationFields
      }
    }
  }
  ${LocationFields}
`;

export const DeleteLocationMutation = gql<SetupDeleteLocationMutation, SetupDeleteLocationMutationVariables>`
  mutation SetupDeleteLocation($id: ID!) {
    deleteLocation(id: $id) {
      status
      message
      color
    }
  }
`;

export const UpdateLocationManagerMutation = gql<SetupUpdateLocationManagerMutation, SetupUpdateLocationManagerMutationVariables>`
  mutation SetupUpdateLocationManager($location_id: ID!, $managers: [ID!]!) {
    updateLocationManager(location_id: $location_id, managers: $managers) {
      status
      message
      color
      location {
        ...SetupLocationFields
      }
    }
  }
  ${LocationFields}
`;

export const UpdateLocationSignupCodeMutation = gql<SetupUpdateLocationSignupCodeMutation, SetupUpdateLocationSignupCodeMutationVariables>`
  mutation SetupUpdateLocationSignupCode($location_id: ID!, $is_signup: Boolean!, $signup_code: String) {
    updateLocationSignupCode(location_id: $location_id, is_signup: $is_signup, signup_code: $signup_code) {
      status
      message
      color
      location {
        ...SetupLocationFields
      }
    }
  }
  ${LocationFields}
`;

export const UpdateLocationBillingMutation = gql<SetupUpdateLocationBillingMutation, SetupUpdateLocationBillingMutationVariables>`
  mutation SetupUpdateLocationBilling($location_id: ID!, $billing: Boolean!) {
    updateLocationBilling(location_id: $location_id, billing: $billing) {
      status
      message
      color
      location {
        ...SetupLocationFields
      }
    }
  }
  ${LocationFields}
`;

export const UpdateLocationBillingRequestMutation = gql<
  SetupUpdateLocationBillingRequestMutation,
  SetupUpdateLocationBillingRequestMutationVariables
>`
  mutation SetupUpdateLocationBillingRequest($location_id: ID!, $value: Boolean!) {
    updateLocationBillingRequestSetting(location_id: $location_id, value: $value) {
      status
      message
      color
      location {
        ...SetupLocationFields
      }
    }
  }
  ${LocationFields}
`;

export const SendLocationEmailCodeMutation = gql<SetupSendLocationEmailCodeMutation, SetupSendLocationEmailCodeMutationVariables>`
  mutation SetupSendLocationEmailCode($location_id: ID!) {
    sendLocationEmailVerificationCode(location_id: $location_id) {
      status
      message
      color
    }
  }
`;

export const VerifyLocationEmailCodeMutation = gql<SetupVerifyLocationEmailCodeMutation, SetupVerifyLocationEmailCodeMutationVariables>`
  mutation SetupVerifyLocationEmailCode($location_id: ID!, $code: String!) {
    verifyLocationEmailCode(location_id: $location_id, code: $code) {
      status
      message
      color
      location {
        ...SetupLocationFields
      }
    }
  }
  ${LocationFields}
`;

export const GenerateLocationQrMutation = gql<SetupGenerateLocationQrMutation, SetupGenerateLocationQrMutationVariables>`
  mutation SetupGenerateLocationQr($location_id: ID!) {
    generateLocationQr(location_id: $location_id) {
      status
      message
      color
      token
      url
    }
  }
`;

export const UpdateTeamNotificationMutation = gql<SetupUpdateTeamNotificationMutation, SetupUpdateTeamNotificationMutationVariables>`
  mutation SetupUpdateTeamNotification(
    $location_id: ID!
    $emails: [String!]
    $phones: [String!]
    $signup_notification_email: Boolean
    $signup_notification_phone: Boolean
    $app: Boolean
    $email: Boolean
    $sms: Boolean
  ) {
    updateTeamNotification(
      location_id: $location_id
      emails: $emails
      phones: $phones
      signup_notification_email: $signup_notification_email
      signup_notification_phone: $signup_notification_phone
      app: $app
      email: $email
      sms: $sms
    ) {
      status
      message
      color
    }
  }
`;

const settingResult = `status message color setting { ...SetupLocationSettingFields }`;

export const SaveLoginSettingsMutation = gql<SetupSaveLoginSettingsMutation, SetupSaveLoginSettingsMutationVariables>`
  mutation SetupSaveLoginSettings(
    $location_id: ID!
    $max_no_of_students: Int
    $max_no_of_users: Int
    $max_daily_logins: Int
    $user_time_out: Int
    $enable_max_login_feature: Boolean
  ) {
    saveLoginSettings(
      location_id: $location_id
      max_no_of_students: $max_no_of_students
      max_no_of_users: $max_no_of_users
      max_daily_logins: $max_daily_logins
      user_time_out: $user_time_out
      enable_max_login_feature: $enable_max_login_feature
    ) {
      ${settingResult}
    }
  }
  ${LocationSettingFields}
`;

export const SaveSignupSettingsMutation = gql<SetupSaveSignupSettingsMutation, SetupSaveSignupSettingsMutationVariables>`
  mutation SetupSaveSignupSettings(
    $location_id: ID!
    $expiry_time: Int
    $signup_pin_code_expiry: Int
    $signup_success_text: String
    $signup_fail_text: String
  ) {
    saveSignupSettings(
      location_id: $location_id
      expiry_time: $expiry_time
      signup_pin_code_expiry: $signup_pin_code_expiry
      signup_success_text: $signup_success_text
      signup_fail_text: $signup_fail_text
    ) {
      ${settingResult}
    }
  }
  ${LocationSettingFields}
`;

export const SaveParentSettingsMutation = gql<SetupSaveParentSettingsMutation, SetupSaveParentSettingsMutationVariables>`
  mutation SetupSaveParentSettings(
    $location_id: ID!
    $can_edit_student: Boolean
    $can_edit_fields: [String!]
    $parent_directory_visibility: Boolean
  ) {
    saveParentSettings(
      location_id: $location_id
      can_edit_student: $can_edit_student
      can_edit_fields: $can_edit_fields
      parent_directory_visibility: $parent_directory_visibility
    ) {
      ${settingResult}
    }
  }
  ${LocationSettingFields}
`;

export const SaveAddressSettingsMutation = gql<SetupSaveAddressSettingsMutation, SetupSaveAddressSettingsMutationVariables>`
  mutation SetupSaveAddressSettings($location_id: ID!, $default_city: String, $default_state: String, $default_zip: String) {
    saveAddressSettings(location_id: $location_id, default_city: $default_city, default_state: $default_state, default_zip: $default_zip) {
      ${settingResult}
    }
  }
  ${LocationSettingFields}
`;

export const SaveNotificationSettingsMutation = gql<SetupSaveNotificationSettingsMutation, SetupSaveNotificationSettingsMutationVariables>`
  mutation SetupSaveNotificationSettings(
    $location_id: ID!
    $check_in_parent_alert: ParentAlertSettingInput
    $send_parent_activity_report: Boolean
    $send_parent_activity_report_time: String
  ) {
    saveLocationNotificationSettings(
      location_id: $location_id
      check_in_parent_alert: $check_in_parent_alert
      send_parent_activity_report: $send_parent_activity_report
      send_parent_activity_report_time: $send_parent_activity_report_time
    ) {
      ${settingResult}
    }
  }
  ${LocationSettingFields}
`;

export const SaveCheckInQrSettingMutation = gql<SetupSaveCheckInQrSettingMutation, SetupSaveCheckInQrSettingMutationVariables>`
  mutation SetupSaveCheckInQrSetting($location_id: ID!, $check_in_qr: Boolean!, $check_in_qr_expire: String) {
    saveCheckInQrSetting(location_id: $location_id, check_in_qr: $check_in_qr, check_in_qr_expire: $check_in_qr_expire) {
      ${settingResult}
    }
  }
  ${LocationSettingFields}
`;

export const AddSchoolMutation = gql<SetupAddSchoolMutation, SetupAddSchoolMutationVariables>`
  mutation SetupAddSchool($school_name: String!, $school_logo: String) {
    addSchool(school_name: $school_name, school_logo: $school_logo) {
      status
      message
      color
      profile {
        school_name
        school_logo
      }
    }
  }
`;
