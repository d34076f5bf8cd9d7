import { gql } from '@urql/core';
import { LocationFields, LocationSettingFields, type LocationData, type LocationSettingData, type NoticeData } from './fragments';

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

export const CreateLocationMutation = gql<{ createNewLocation: LocationResultData }, LocationInput>`
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

export const UpdateLocationMutation = gql<{ updateLocation: LocationResultData }, LocationInput & { id: string; active?: boolean | null }>`
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

export const DeleteLocationMutation = gql<{ deleteLocation: NoticeData }, { id: string }>`
  mutation SetupDeleteLocation($id: ID!) {
    deleteLocation(id: $id) {
      status
      message
      color
    }
  }
`;

export const UpdateLocationManagerMutation = gql<
  { updateLocationManager: LocationResultData },
  { location_id: string; managers: string[] }
>`
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

export const UpdateLocationSignupCodeMutation = gql<
  { updateLocationSignupCode: LocationResultData },
  { location_id: string; is_signup: boolean; signup_code?: string | null }
>`
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

export const UpdateLocationBillingMutation = gql<{ updateLocationBilling: LocationResultData }, { location_id: string; billing: boolean }>`
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
  { updateLocationBillingRequestSetting: LocationResultData },
  { location_id: string; value: boolean }
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

export const SendLocationEmailCodeMutation = gql<{ sendLocationEmailVerificationCode: NoticeData }, { location_id: string }>`
  mutation SetupSendLocationEmailCode($location_id: ID!) {
    sendLocationEmailVerificationCode(location_id: $location_id) {
      status
      message
      color
    }
  }
`;

export const VerifyLocationEmailCodeMutation = gql<{ verifyLocationEmailCode: LocationResultData }, { location_id: string; code: string }>`
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

export const GenerateLocationQrMutation = gql<{ generateLocationQr: NoticeData & { token: string; url: string } }, { location_id: string }>`
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

export const UpdateTeamNotificationMutation = gql<
  { updateTeamNotification: NoticeData },
  {
    location_id: string;
    emails: string[];
    phones: string[];
    signup_notification_email: boolean;
    signup_notification_phone: boolean;
    app: boolean;
    email: boolean;
    sms: boolean;
  }
>`
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

export const SaveLoginSettingsMutation = gql<
  { saveLoginSettings: SettingResultData },
  {
    location_id: string;
    max_no_of_students: number | null;
    max_no_of_users: number | null;
    max_daily_logins: number | null;
    user_time_out: number | null;
    enable_max_login_feature: boolean;
  }
>`
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

export const SaveSignupSettingsMutation = gql<
  { saveSignupSettings: SettingResultData },
  {
    location_id: string;
    expiry_time: number | null;
    signup_pin_code_expiry: number | null;
    signup_success_text: string | null;
    signup_fail_text: string | null;
  }
>`
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

export const SaveParentSettingsMutation = gql<
  { saveParentSettings: SettingResultData },
  { location_id: string; can_edit_student: boolean; can_edit_fields: string[]; parent_directory_visibility: boolean }
>`
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

export const SaveAddressSettingsMutation = gql<
  { saveAddressSettings: SettingResultData },
  { location_id: string; default_city: string | null; default_state: string | null; default_zip: string | null }
>`
  mutation SetupSaveAddressSettings($location_id: ID!, $default_city: String, $default_state: String, $default_zip: String) {
    saveAddressSettings(location_id: $location_id, default_city: $default_city, default_state: $default_state, default_zip: $default_zip) {
      ${settingResult}
    }
  }
  ${LocationSettingFields}
`;

export const SaveNotificationSettingsMutation = gql<
  { saveLocationNotificationSettings: SettingResultData },
  {
    location_id: string;
    check_in_parent_alert: { email: boolean; sms: boolean; app: boolean; time: string | null };
    send_parent_activity_report: boolean;
    send_parent_activity_report_time: string | null;
  }
>`
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

export const SaveCheckInQrSettingMutation = gql<
  { saveCheckInQrSetting: SettingResultData },
  { location_id: string; check_in_qr: boolean; check_in_qr_expire: string | null }
>`
  mutation SetupSaveCheckInQrSetting($location_id: ID!, $check_in_qr: Boolean!, $check_in_qr_expire: String) {
    saveCheckInQrSetting(location_id: $location_id, check_in_qr: $check_in_qr, check_in_qr_expire: $check_in_qr_expire) {
      ${settingResult}
    }
  }
  ${LocationSettingFields}
`;

export const AddSchoolMutation = gql<
  { addSchool: NoticeData & { profile: { school_name: string | null; school_logo: string | null } } },
  { school_name: string; school_logo: string | null }
>`
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
