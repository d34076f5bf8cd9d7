import { gql } from '@urql/core';
import { UserSettingFields } from './fragments';
import type {
  PeopleApprovePendingUserMutation,
  PeopleApprovePendingUserMutationVariables,
  PeopleCreateAdminMutation,
  PeopleCreateAdminMutationVariables,
  PeopleCreateContactMutation,
  PeopleCreateContactMutationVariables,
  PeopleCreateManagerMutation,
  PeopleCreateManagerMutationVariables,
  PeopleCreateTeacherMutation,
  PeopleCreateTeacherMutationVariables,
  PeopleDeleteAdminMutation,
  PeopleDeleteAdminMutationVariables,
  PeopleDeleteContactMutation,
  PeopleDeleteContactMutationVariables,
  PeopleDeleteManagerMutation,
  PeopleDeleteManagerMutationVariables,
  PeopleDeleteTeacherMutation,
  PeopleDeleteTeacherMutationVariables,
  PeopleInviteMultipleUsersMutation,
  PeopleInviteMultipleUsersMutationVariables,
  PeopleRaiseTodayLimitMutation,
  PeopleRaiseTodayLimitMutationVariables,
  PeopleResendInviteMutation,
  PeopleResendInviteMutationVariables,
  PeopleResendInviteSmsMutation,
  PeopleResendInviteSmsMutationVariables,
  PeopleTransferUsersMutation,
  PeopleTransferUsersMutationVariables,
  PeopleUpdateAdminPasswordMutation,
  PeopleUpdateAdminPasswordMutationVariables,
  PeopleUpdateCameraLoginsMutation,
  PeopleUpdateCameraLoginsMutationVariables,
  PeopleUpdateDirectoryPrivacyMutation,
  PeopleUpdateDirectoryPrivacyMutationVariables,
  PeopleUpdateManagerPasswordMutation,
  PeopleUpdateManagerPasswordMutationVariables,
  PeopleUpdatePersonMutation,
  PeopleUpdatePersonMutationVariables,
  PeopleUpdateProfileMutation,
  PeopleUpdateProfileMutationVariables,
  PeopleUpdateRolePasswordMutation,
  PeopleUpdateRolePasswordMutationVariables,
  PeopleUpdateUserPasswordMutation,
  PeopleUpdateUserPasswordMutationVariables,
  PeopleUpdateUserStatusMutation,
  PeopleUpdateUserStatusMutationVariables,
} from '../../../graphql/generated/tenant-api';

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

export const CreateContactMutation = gql<PeopleCreateContactMutation, PeopleCreateContactMutationVariables>`
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

export const CreateTeacherMutation = gql<PeopleCreateTeacherMutation, PeopleCreateTeacherMutationVariables>`
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

export const CreateManagerMutation = gql<PeopleCreateManagerMutation, PeopleCreateManagerMutationVariables>`
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

export const CreateAdminMutation = gql<PeopleCreateAdminMutation, PeopleCreateAdminMutationVariables>`
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

export const UpdatePersonMutation = gql<PeopleUpdatePersonMutation, PeopleUpdatePersonMutationVariables>`
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

export const UpdateUserStatusMutation = gql<PeopleUpdateUserStatusMutation, PeopleUpdateUserStatusMutationVariables>`
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

export const ApprovePendingUserMutation = gql<PeopleApprovePendingUserMutation, PeopleApprovePendingUserMutationVariables>`
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

export const ResendInviteMutation = gql<PeopleResendInviteMutation, PeopleResendInviteMutationVariables>`
  mutation PeopleResendInvite($id: ID!) {
    resendInviteEmail(id: $id) {
      status
      message
      color
    }
  }
`;

export const ResendInviteSmsMutation = gql<PeopleResendInviteSmsMutation, PeopleResendInviteSmsMutationVariables>`
  mutation PeopleResendInviteSms($id: ID!) {
    resendInviteSms(id: $id) {
      status
      message
      color
    }
  }
`;

export const DeleteContactMutation = gql<PeopleDeleteContactMutation, PeopleDeleteContactMutationVariables>`
  mutation PeopleDeleteContact($id: ID!) {
    deleteUser(id: $id) {
      status
      message
      color
    }
  }
`;

export const DeleteTeacherMutation = gql<PeopleDeleteTeacherMutation, PeopleDeleteTeacherMutationVariables>`
  mutation PeopleDeleteTeacher($id: ID!) {
    deleteTeacher(id: $id) {
      status
      message
      color
    }
  }
`;

export const DeleteManagerMutation = gql<PeopleDeleteManagerMutation, PeopleDeleteManagerMutationVariables>`
  mutation PeopleDeleteManager($id: ID!) {
    deleteManager(id: $id) {
      status
      message
      color
    }
  }
`;

export const DeleteAdminMutation = gql<PeopleDeleteAdminMutation, PeopleDeleteAdminMutationVariables>`
  mutation PeopleDeleteAdmin($id: ID!) {
    deleteAdmin(id: $id) {
      status
      message
      color
    }
  }
`;

export const UpdateCameraLoginsMutation = gql<PeopleUpdateCameraLoginsMutation, PeopleUpdateCameraLoginsMutationVariables>`
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

export const RaiseTodayLimitMutation = gql<PeopleRaiseTodayLimitMutation, PeopleRaiseTodayLimitMutationVariables>`
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

export const UpdateProfileMutation = gql<PeopleUpdateProfileMutation, PeopleUpdateProfileMutationVariables>`
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

export const UpdateDirectoryPrivacyMutation = gql<PeopleUpdateDirectoryPrivacyMutation, PeopleUpdateDirectoryPrivacyMutationVariables>`
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

/** Staff set a person's password: the operation follows the person's role (spec: user, manager, role, admin). */
export const UpdateUserPasswordMutation = gql<PeopleUpdateUserPasswordMutation, PeopleUpdateUserPasswordMutationVariables>`
  mutation PeopleUpdateUserPassword($id: ID!, $password: String!, $password_confirmation: String!) {
    updateUserPassword(id: $id, password: $password, password_confirmation: $password_confirmation) {
      status
      message
      color
    }
  }
`;

export const UpdateManagerPasswordMutation = gql<PeopleUpdateManagerPasswordMutation, PeopleUpdateManagerPasswordMutationVariables>`
  mutation PeopleUpdateManagerPassword($id: ID!, $password: String!, $password_confirmation: String!) {
    updateManagerPassword(id: $id, password: $password, password_confirmation: $password_confirmation) {
      status
      message
      color
    }
  }
`;

export const UpdateRolePasswordMutation = gql<PeopleUpdateRolePasswordMutation, PeopleUpdateRolePasswordMutationVariables>`
  mutation PeopleUpdateRolePassword($id: ID!, $role: String!, $password: String!, $password_confirmation: String!) {
    updateRolePassword(id: $id, role: $role, password: $password, password_confirmation: $password_confirmation) {
      status
      message
      color
    }
  }
`;

export const UpdateAdminPasswordMutation = gql<PeopleUpdateAdminPasswordMutation, PeopleUpdateAdminPasswordMutationVariables>`
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

export const InviteMultipleUsersMutation = gql<PeopleInviteMultipleUsersMutation, PeopleInviteMultipleUsersMutationVariables>`
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

export const TransferUsersMutation = gql<PeopleTransferUsersMutation, PeopleTransferUsersMutationVariables>`
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
