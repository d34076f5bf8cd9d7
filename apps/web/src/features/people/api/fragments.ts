import { gql } from '@urql/core';

export interface PaginatorInfoData {
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
}

export interface Page<T> {
  data: T[];
  paginatorInfo: PaginatorInfoData;
}

export interface NamedRef {
  id: string;
  name: string;
}

export interface ResultTriple {
  status: boolean;
  message: string;
  color: string;
}

export interface StudentRow {
  id: string;
  full_name: string;
  fname: string;
  lname: string;
  image: string | null;
  dob: string | null;
  age: string | null;
  status: boolean;
  type: string | null;
  location_id: string;
  location: NamedRef | null;
  program: NamedRef | null;
  tags: NamedRef[];
  archived_at: string | null;
}

export const StudentRowFields = gql`
  fragment PeopleStudentRowFields on Student {
    id
    full_name
    fname
    lname
    image
    dob
    age
    status
    type
    location_id
    location {
      id
      name
    }
    program {
      id
      name
    }
    tags {
      id
      name
    }
    archived_at
  }
`;

export interface GuardianData {
  student_id: string;
  user_id: string;
  user: { id: string; full_name: string; email: string | null; phone: string | null; status: boolean };
  emergency_contact: boolean;
  alert: boolean;
  black_list: boolean;
  watch_camera: boolean;
  relation: string | null;
  legal_guardian: boolean;
  pickup: boolean;
  is_payer: boolean;
}

export interface StudentDetail extends StudentRow {
  middle_name: string | null;
  nick_name: string | null;
  gender: string | null;
  race: string | null;
  ethnicity: string | null;
  doctor_name: string | null;
  doctor_phone: string | null;
  note: string | null;
  street_1: string | null;
  street_2: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  zip: string | null;
  enrollment_date: string | null;
  graduation_date: string | null;
  external_id: string | null;
  week_schedule: string[];
  program_id: string | null;
  other_rooms: NamedRef[];
  allergies: NamedRef[];
  medications: NamedRef[];
  cameras: NamedRef[];
  siblings: { id: string; full_name: string }[];
  guardians: GuardianData[];
  /** The accepted photo: signed URLs that last five minutes. */
  photo: { id: string; url: string | null; thumbnail_url: string | null } | null;
}

export const StudentDetailFields = gql`
  fragment PeopleStudentDetailFields on Student {
    ...PeopleStudentRowFields
    middle_name
    nick_name
    gender
    race
    ethnicity
    doctor_name
    doctor_phone
    note
    street_1
    street_2
    city
    state
    country
    zip
    enrollment_date
    graduation_date
    external_id
    week_schedule
    program_id
    other_rooms {
      id
      name
    }
    allergies {
      id
      name
    }
    medications {
      id
      name
    }
    cameras {
      id
      name
    }
    siblings {
      id
      full_name
    }
    photo {
      id
      url
      thumbnail_url
    }
    guardians {
      student_id
      user_id
      user {
        id
        full_name
        email
        phone
        status
      }
      emergency_contact
      alert
      black_list
      watch_camera
      relation
      legal_guardian
      pickup
      is_payer
    }
  }
  ${StudentRowFields}
`;

export interface UserRow {
  id: string;
  full_name: string;
  fname: string;
  lname: string;
  username: string;
  email: string | null;
  phone: string | null;
  job_title: string | null;
  status: boolean;
  pending: boolean;
  invited: boolean;
  last_login_time: string | null;
  roles: { id: string; name: string; display_name: string }[];
  locations: NamedRef[];
}

export const UserRowFields = gql`
  fragment PeopleUserRowFields on User {
    id
    full_name
    fname
    lname
    username
    email
    phone
    job_title
    status
    pending
    invited
    last_login_time
    roles {
      id
      name
      display_name
    }
    locations {
      id
      name
    }
  }
`;

export interface UserSettingData {
  user_id: string;
  max_daily_camera_logins: number | null;
  location_max_daily_logins: number | null;
  extra_camera_logins_today: number;
  daily_camera_login_limit: number | null;
  directory_visible: boolean;
  directory_show_email: boolean;
  directory_show_phone: boolean;
  directory_show_children: boolean;
}

export const UserSettingFields = gql`
  fragment PeopleUserSettingFields on UserSetting {
    user_id
    max_daily_camera_logins
    location_max_daily_logins
    extra_camera_logins_today
    daily_camera_login_limit
    directory_visible
    directory_show_email
    directory_show_phone
    directory_show_children
  }
`;

export interface UserDetail extends UserRow {
  middle_name: string | null;
  nick_name: string | null;
  phone2: string | null;
  phone_type: string | null;
  phone2_type: string | null;
  email_confirmed: boolean;
  emergency_contact: boolean;
  programs: NamedRef[];
  managerlocations: NamedRef[];
  tags: NamedRef[];
  allergies: NamedRef[];
  medications: NamedRef[];
  updated_at: string | null;
  last_updated_by: string | null;
  setting: UserSettingData | null;
  students: (StudentRow & { pivot: { relation: string | null; pickup: boolean; black_list: boolean; is_payer: boolean } | null })[];
}

export const UserDetailFields = gql`
  fragment PeopleUserDetailFields on User {
    ...PeopleUserRowFields
    middle_name
    nick_name
    phone2
    phone_type
    phone2_type
    email_confirmed
    emergency_contact
    programs {
      id
      name
    }
    managerlocations {
      id
      name
    }
    tags {
      id
      name
    }
    allergies {
      id
      name
    }
    medications {
      id
      name
    }
    updated_at
    last_updated_by
    setting {
      ...PeopleUserSettingFields
    }
    students {
      ...PeopleStudentRowFields
      pivot {
        relation
        pickup
        black_list
        is_payer
      }
    }
  }
  ${UserRowFields}
  ${UserSettingFields}
  ${StudentRowFields}
`;

export interface ImportData {
  id: string;
  kind: string;
  source: string;
  location_id: string;
  status: string;
  total: number;
  processed: number;
  progress: number;
  valid: boolean;
  headers: string[];
  mapping: { header: string; field: string | null }[];
  fields: string[];
  required_fields: string[];
  errors: { line: number; field: string; message: string }[];
  totals: { students: number; contacts: number; linked_contacts: number; staff: number } | null;
  failure: string | null;
}

export const ImportFields = gql`
  fragment PeopleImportFields on Import {
    id
    kind
    source
    location_id
    status
    total
    processed
    progress
    valid
    headers
    mapping {
      header
      field
    }
    fields
    required_fields
    errors {
      line
      field
      message
    }
    totals {
      students
      contacts
      linked_contacts
      staff
    }
    failure
  }
`;
