import { gql } from '@urql/core';
import { UserSettingFields, type ResultTriple, type UserSettingData } from './fragments';

export interface ContactStudentInput {
  student_id: string;
  relation?: string | null;
  emergency_contact?: boolean;
  pickup?: boolean;
  legal_guardian?: boolean;
  watch_camera?: boolean;
}

export interface PersonWriteVars {
  fname: string;
  lname: string;
  username: string;
  email: string;
  locations: string[];
  email_confirmed: boolean;
  phone?: string | null;
  send_invite?: boolean;
  send_sms?: boolean;
}

type UserResultData = ResultTriple & { user: { id: string; full_name: string } | null };

export const CreateContactMutation = gql<
  { createUser: UserResultData },
  PersonWriteVars & { students?: ContactStudentInput[]; phone2?: string | null; emergency_contact?: boolean }
>`
  mutation PeopleCreateContact(
    $fname: String!
    $lname: String!
    $username: String!
    $email: String!
    $locations: [ID!]!
    $email_confirmed: Boolean!
    $phone: String
    $phone2: String
    $send_invite: Boolean
    $send_sms: Boolean
    $emergency_contact: Boolean
    $students: [ContactStudentInput!]
  ) {
    createUser(
      fname: $fname
      lname: $lname
      username: $username
      email: $email
      locations: $locations
      email_confirmed: $email_confirmed
      phone: $phone
      phone2: $phone2
      send_invite: $send_invite
      send_sms: $send_sms
      emergency_contact: $emergency_contact
      students: $students
    ) {
      status
      message
      color
      user {
        id
        full_name
      }
    }
  }
`;

export const CreateTeacherMutation = gql<
  { createTeacher: UserResultData },
  PersonWriteVars & { programs?: string[]; job_title?: string | null }
>`
  mutation PeopleCreateTeacher(
    $fname: String!
    $lname: String!
    $username: String!
    $email: String!
    $locations: [ID!]!
    $email_confirmed: Boolean!
    $programs: [ID!]
    $phone: String
    $send_invite: Boolean
    $send_sms: Boolean
    $job_title: String
  ) {
    createTeacher(
      fname: $fname
      lname: $lname
      username: $username
      email: $email
      locations: $locations
      email_confirmed: $email_confirmed
      programs: $programs
      phone: $phone
      send_invite: $send_invite
      send_sms: $send_sms
      job_title: $job_title
    ) {
      status
      message
      color
      user {
        id
        full_name
      }
    }
  }
`;

export const CreateManagerMutation = gql<{ createManager: UserResultData }, PersonWriteVars & { job_title?: string | null }>`
  mutation PeopleCreateManager(
    $fname: String!
    $lname: String!
    $username: String!
    $email: String!
    $locations: [ID!]!
    $email_confirmed: Boolean!
    $phone: String
    $send_invite: Boolean
    $send_sms: Boolean
    $job_title: String
  ) {
    createManager(
      fname: $fname
      lname: $lname
      username: $username
      email: $email
      locations: $locations
      email_confirmed: $email_confirmed
      phone: $phone
      send_invite: $send_invite
      send_sms: $send_sms
      job_title: $job_title
    ) {
      status
      message
      color
      user {
        id
        full_name
      }
    }
  }
`;

export const CreateAdminMutation = gql<{ createAdmin: UserResultData }, PersonWriteVars>`
  mutation PeopleCreateAdmin(
    $fname: String!
    $lname: String!
    $username: String!
    $email: String!
    $locations: [ID!]!
    $email_confirmed: Boolean!
    $phone: String
    $send_invite: Boolean
    $send_sms: Boolean
  ) {
    createAdmin(
      fname: $fname
      lname: $lname
      username: $username
      email: $email
      locations: $locations
      email_confirmed: $email_confirmed
      phone: $phone
      send_invite: $send_invite
      send_sms: $send_sms
    ) {
      status
      message
      color
      user {
        id
        full_name
      }
    }
  }
`;

export const UpdatePersonMutation = gql<
  { updateInviteUser: UserResultData },
  {
    id: string;
    fname?: string;
    lname?: string;
    username?: string;
    email?: string;
    phone?: string | null;
    job_title?: string | null;
    locations?: string[];
    programs?: string[];
  }
>`
  mutation PeopleUpdatePerson(
    $id: ID!
    $fname: String
    $lname: String
    $username: String
    $email: String
    $phone: String
    $job_title: String
    $locations: [ID!]
    $programs: [ID!]
  ) {
    updateInviteUser(
      id: $id
      fname: $fname
      lname: $lname
      username: $username
      email: $email
      phone: $phone
      job_title: $job_title
      locations: $locations
      programs: $programs
    ) {
      status
      message
      color
      user {
        id
        full_name
      }
    }
  }
`;

export const UpdateUserStatusMutation = gql<{ updateUserStatus: UserResultData }, { id: string; status: boolean }>`
  mutation PeopleUpdateUserStatus($id: ID!, $status: Boolean!) {
    updateUserStatus(id: $id, status: $status) {
      status
      message
      color
      user {
        id
        full_name
      }
    }
  }
`;

export const ApprovePendingUserMutation = gql<{ approvePendingUser: UserResultData }, { id: string }>`
  mutation PeopleApprovePendingUser($id: ID!) {
    approvePendingUser(id: $id) {
      status
      message
      color
      user {
        id
        full_name
      }
    }
  }
`;

export const ResendInviteMutation = gql<{ resendInviteEmail: ResultTriple }, { id: string }>`
  mutation PeopleResendInvite($id: ID!) {
    resendInviteEmail(id: $id) {
      status
      message
      color
    }
  }
`;

export const ResendInviteSmsMutation = gql<{ resendInviteSms: ResultTriple }, { id: string }>`
  mutation PeopleResendInviteSms($id: ID!) {
    resendInviteSms(id: $id) {
      status
      message
      color
    }
  }
`;

export const DeleteContactMutation = gql<{ deleteUser: ResultTriple }, { id: string }>`
  mutation PeopleDeleteContact($id: ID!) {
    deleteUser(id: $id) {
      status
      message
      color
    }
  }
`;

export const DeleteTeacherMutation = gql<{ deleteTeacher: ResultTriple }, { id: string }>`
  mutation PeopleDeleteTeacher($id: ID!) {
    deleteTeacher(id: $id) {
      status
      message
      color
    }
  }
`;

export const DeleteManagerMutation = gql<{ deleteManager: ResultTriple }, { id: string }>`
  mutation PeopleDeleteManager($id: ID!) {
    deleteManager(id: $id) {
      status
      message
      color
    }
  }
`;

export const DeleteAdminMutation = gql<{ deleteAdmin: ResultTriple }, { id: string }>`
  mutation PeopleDeleteAdmin($id: ID!) {
    deleteAdmin(id: $id) {
      status
      message
      color
    }
  }
`;

type SettingResult = ResultTriple & { setting: UserSettingData };

export const UpdateCameraLoginsMutation = gql<
  { updateUserCameraLogins: SettingResult },
  { user_id: string; max_daily_camera_logins: number | null }
>`
  mutation PeopleUpdateCameraLogins($user_id: ID!, $max_daily_camera_logins: Int) {
    updateUserCameraLogins(user_id: $user_id, max_daily_camera_logins: $max_daily_camera_logins) {
      status
      message
      color
      setting {
        ...PeopleUserSettingFields
      }
    }
  }
  ${UserSettingFields}
`;

export const RaiseTodayLimitMutation = gql<{ raiseTodayCameraLimit: SettingResult }, { user_id: string }>`
  mutation PeopleRaiseTodayLimit($user_id: ID!) {
    raiseTodayCameraLimit(user_id: $user_id) {
      status
      message
      color
      setting {
        ...PeopleUserSettingFields
      }
    }
  }
  ${UserSettingFields}
`;

export const UpdateProfileMutation = gql<
  { updateProfile: UserResultData },
  {
    fname?: string;
    lname?: string;
    middle_name?: string | null;
    nick_name?: string | null;
    phone?: string | null;
    phone2?: string | null;
  }
>`
  mutation PeopleUpdateProfile($fname: String, $lname: String, $middle_name: String, $nick_name: String, $phone: String, $phone2: String) {
    updateProfile(fname: $fname, lname: $lname, middle_name: $middle_name, nick_name: $nick_name, phone: $phone, phone2: $phone2) {
      status
      message
      color
      user {
        id
        full_name
      }
    }
  }
`;

export const UpdateDirectoryPrivacyMutation = gql<
  { updateParentDirectoryPrivacy: SettingResult },
  { directory_visible: boolean; directory_show_email: boolean; directory_show_phone: boolean; directory_show_children: boolean }
>`
  mutation PeopleUpdateDirectoryPrivacy(
    $directory_visible: Boolean!
    $directory_show_email: Boolean
    $directory_show_phone: Boolean
    $directory_show_children: Boolean
  ) {
    updateParentDirectoryPrivacy(
      directory_visible: $directory_visible
      directory_show_email: $directory_show_email
      directory_show_phone: $directory_show_phone
      directory_show_children: $directory_show_children
    ) {
      status
      message
      color
      setting {
        ...PeopleUserSettingFields
      }
    }
  }
  ${UserSettingFields}
`;

type PasswordVars = { id: string; password: string; password_confirmation: string };

/** Staff set a person's password: the operation follows the person's role (spec: user, manager, role, admin). */
export const UpdateUserPasswordMutation = gql<{ updateUserPassword: ResultTriple }, PasswordVars>`
  mutation PeopleUpdateUserPassword($id: ID!, $password: String!, $password_confirmation: String!) {
    updateUserPassword(id: $id, password: $password, password_confirmation: $password_confirmation) {
      status
      message
      color
    }
  }
`;

export const UpdateManagerPasswordMutation = gql<{ updateManagerPassword: ResultTriple }, PasswordVars>`
  mutation PeopleUpdateManagerPassword($id: ID!, $password: String!, $password_confirmation: String!) {
    updateManagerPassword(id: $id, password: $password, password_confirmation: $password_confirmation) {
      status
      message
      color
    }
  }
`;

export const UpdateRolePasswordMutation = gql<{ updateRolePassword: ResultTriple }, PasswordVars & { role: string }>`
  mutation PeopleUpdateRolePassword($id: ID!, $role: String!, $password: String!, $password_confirmation: String!) {
    updateRolePassword(id: $id, role: $role, password: $password, password_confirmation: $password_confirmation) {
      status
      message
      color
    }
  }
`;

export const UpdateAdminPasswordMutation = gql<{ updateAdminPassword: ResultTriple }, PasswordVars>`
  mutation PeopleUpdateAdminPassword($id: ID!, $password: String!, $password_confirmation: String!) {
    updateAdminPassword(id: $id, password: $password, password_confirmation: $password_confirmation) {
      status
      message
      color
    }
  }
`;

export interface InviteUserInput {
  fname: string;
  lname: string;
  username: string;
  email: string;
  phone?: string | null;
  locations: string[];
  roles: string[];
  email_confirmed: boolean;
  send_sms?: boolean;
}

export const InviteMultipleUsersMutation = gql<
  { inviteMultipleUsers: ResultTriple & { users: { id: string; full_name: string }[] } },
  { users: InviteUserInput[] }
>`
  mutation PeopleInviteMultipleUsers($users: [InviteUserInput!]!) {
    inviteMultipleUsers(users: $users) {
      status
      message
      color
      users {
        id
        full_name
      }
    }
  }
`;

export const TransferUsersMutation = gql<
  { transferUsers: ResultTriple & { users: { id: string }[] } },
  { ids: string[]; location_id: string; from_location_id?: string | null }
>`
  mutation PeopleTransferUsers($ids: [ID!]!, $location_id: ID!, $from_location_id: ID) {
    transferUsers(ids: $ids, location_id: $location_id, from_location_id: $from_location_id) {
      status
      message
      color
      users {
        id
      }
    }
  }
`;
