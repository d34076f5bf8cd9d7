import { gql } from '@urql/core';

export interface NoticeData {
  status: boolean;
  message: string;
  color: string;
}

export interface PaginatorInfoData {
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
}

export interface ScheduleDateData {
  id: string;
  day: string;
  start_time: string;
  end_time: string;
}

export interface ScheduleData {
  id: string;
  name: string;
  status: boolean;
  location_id: string;
  scheduledates: ScheduleDateData[];
}

export const ScheduleFields = gql`
  fragment SetupScheduleFields on Schedule {
    id
    name
    status
    location_id
    scheduledates {
      id
      day
      start_time
      end_time
    }
  }
`;

export interface ManagerData {
  id: string;
  full_name: string;
}

export interface LocationData {
  id: string;
  name: string;
  timezone: { id: string; name: string; value: string };
  email: string | null;
  email_verified: boolean | null;
  phone: string | null;
  longitude: number | null;
  latitude: number | null;
  address: string | null;
  pin_url: string | null;
  map_url: string | null;
  is_signup: boolean | null;
  signup_code: string | null;
  color_code: string | null;
  billing: boolean | null;
  active: boolean;
  location_billing_request: { value: boolean } | null;
  qr_generated_at: string | null;
  managers: ManagerData[];
  schedule: ScheduleData | null;
}

export const LocationFields = gql`
  fragment SetupLocationFields on Location {
    id
    name
    timezone {
      id
      name
      value
    }
    email
    email_verified
    phone
    longitude
    latitude
    address
    pin_url
    map_url
    is_signup
    signup_code
    color_code
    billing
    active
    location_billing_request {
      value
    }
    qr_generated_at
    managers {
      id
      full_name
    }
    schedule {
      ...SetupScheduleFields
    }
  }
  ${ScheduleFields}
`;

export interface CameraRef {
  id: string;
  name: string;
  color_code: string;
  order: number;
}

export interface CameraGroupData {
  id: string;
  name: string;
  location_id: string;
  cameras: CameraRef[];
}

export const CameraGroupFields = gql`
  fragment SetupCameraGroupFields on CameraGroup {
    id
    name
    location_id
    cameras {
      id
      name
      color_code
      order
    }
  }
`;

export interface RoomData {
  id: string;
  name: string;
  color_code: string | null;
  location_id: string;
  camera_group_id: string | null;
  group: { id: string; name: string } | null;
  student_count: number;
}

export const RoomFields = gql`
  fragment SetupRoomFields on Program {
    id
    name
    color_code
    location_id
    camera_group_id
    group {
      id
      name
    }
    student_count
  }
`;

export interface CameraData {
  id: string;
  name: string;
  code: string | null;
  color_code: string;
  camera_id: string | null;
  status: boolean;
  order: number;
  location_id: string;
  program_id: string | null;
  room: { id: string; name: string } | null;
  groups: { id: string; name: string }[];
  schedule_id: string | null;
  schedule: ScheduleData | null;
}

export const CameraFields = gql`
  fragment SetupCameraFields on Camera {
    id
    name
    code
    color_code
    camera_id
    status
    order
    location_id
    program_id
    room {
      id
      name
    }
    groups {
      id
      name
    }
    schedule_id
    schedule {
      ...SetupScheduleFields
    }
  }
  ${ScheduleFields}
`;

export interface HistoryEntryData {
  id: string;
  action: string;
  summary: string;
  entity: string | null;
  changes: { field: string; old_value: string | null; new_value: string | null }[];
  actor_name: string | null;
  by_support: boolean;
  created_at: string;
}

export const HistoryFields = gql`
  fragment SetupHistoryFields on HistoryPaginator {
    data {
      id
      action
      summary
      entity
      changes {
        field
        old_value
        new_value
      }
      actor_name
      by_support
      created_at
    }
    paginatorInfo {
      currentPage
      lastPage
      perPage
      total
    }
  }
`;

export interface TeamNotificationData {
  location_id: string;
  emails: string[];
  phones: string[];
  signup_notification_email: boolean;
  signup_notification_phone: boolean;
  app: boolean;
  email: boolean;
  sms: boolean;
}

export interface LocationSettingData {
  location_id: string;
  max_no_of_students: number | null;
  max_no_of_users: number | null;
  max_daily_logins: number | null;
  user_time_out: number | null;
  enable_max_login_feature: boolean;
  expiry_time: number | null;
  signup_pin_code_expiry: number | null;
  signup_success_text: string | null;
  signup_fail_text: string | null;
  team_notification: TeamNotificationData;
  can_edit_student: boolean;
  can_edit_fields: string[];
  parent_directory_visibility: boolean;
  check_in_qr: boolean;
  check_in_qr_expire: string | null;
  default_city: string | null;
  default_state: string | null;
  default_zip: string | null;
  check_in_parent_alert: { email: boolean; sms: boolean; app: boolean; time: string | null };
  send_parent_activity_report: boolean;
  send_parent_activity_report_time: string | null;
}

export const LocationSettingFields = gql`
  fragment SetupLocationSettingFields on LocationSetting {
    location_id
    max_no_of_students
    max_no_of_users
    max_daily_logins
    user_time_out
    enable_max_login_feature
    expiry_time
    signup_pin_code_expiry
    signup_success_text
    signup_fail_text
    team_notification {
      location_id
      emails
      phones
      signup_notification_email
      signup_notification_phone
      app
      email
      sms
    }
    can_edit_student
    can_edit_fields
    parent_directory_visibility
    check_in_qr
    check_in_qr_expire
    default_city
    default_state
    default_zip
    check_in_parent_alert {
      email
      sms
      app
      time
    }
    send_parent_activity_report
    send_parent_activity_report_time
  }
`;
