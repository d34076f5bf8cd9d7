import { gql } from '@urql/core';
import {
  UserDetailFields,
  UserRowFields,
  UserSettingFields,
  type Page,
  type UserDetail,
  type UserRow,
  type UserSettingData,
} from './fragments';

export interface PeopleListVars {
  role?: string | null;
  location_id?: string | null;
  status?: boolean | null;
  pending?: boolean | null;
  invited?: boolean | null;
  search?: string | null;
  page: number;
  first: number;
}

export const RoleUsersQuery = gql<{ roleUsers: Page<UserRow> }, PeopleListVars & { role: string }>`
  query PeopleRoleUsers(
    $role: String!
    $location_id: ID
    $status: Boolean
    $pending: Boolean
    $invited: Boolean
    $search: String
    $page: Int
    $first: Int
  ) {
    roleUsers(
      role: $role
      location_id: $location_id
      status: $status
      pending: $pending
      invited: $invited
      search: $search
      page: $page
      first: $first
    ) {
      data {
        ...PeopleUserRowFields
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
  ${UserRowFields}
`;

export const PendingUsersQuery = gql<{ PendingUser: Page<UserRow> }, PeopleListVars>`
  query PeoplePendingUsers($location_id: ID, $search: String, $page: Int, $first: Int) {
    PendingUser(location_id: $location_id, search: $search, page: $page, first: $first) {
      data {
        ...PeopleUserRowFields
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
  ${UserRowFields}
`;

export const TeamListQuery = gql<{ getTeamList: Page<UserRow> }, PeopleListVars>`
  query PeopleTeamList($role: String, $location_id: ID, $status: Boolean, $search: String, $page: Int, $first: Int) {
    getTeamList(role: $role, location_id: $location_id, status: $status, search: $search, page: $page, first: $first) {
      data {
        ...PeopleUserRowFields
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
  ${UserRowFields}
`;

export const PersonQuery = gql<{ user: UserDetail; checkUserProfilePermission: { found: boolean; permission: boolean } }, { id: string }>`
  query PeoplePerson($id: ID!) {
    checkUserProfilePermission(user_id: $id) {
      found
      permission
    }
    user(id: $id) {
      ...PeopleUserDetailFields
    }
  }
  ${UserDetailFields}
`;

export const TeamMemberQuery = gql<
  { user: UserDetail; checkTeamProfilePermission: { found: boolean; permission: boolean } },
  { id: string }
>`
  query PeopleTeamMember($id: ID!) {
    checkTeamProfilePermission(user_id: $id) {
      found
      permission
    }
    user(id: $id) {
      ...PeopleUserDetailFields
    }
  }
  ${UserDetailFields}
`;

export interface LoginEntry {
  id: string;
  success: boolean;
  reason: string | null;
  device: string | null;
  ip: string | null;
  created_at: string;
}

export const LoginHistoryQuery = gql<{ getUserLoginHistory: Page<LoginEntry> }, { user_id: string; page: number; first: number }>`
  query PeopleLoginHistory($user_id: ID!, $page: Int, $first: Int) {
    getUserLoginHistory(user_id: $user_id, page: $page, first: $first) {
      data {
        id
        success
        reason
        device
        ip
        created_at
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
`;

export interface MeData {
  id: string;
  fname: string;
  lname: string;
  middle_name: string | null;
  nick_name: string | null;
  full_name: string;
  username: string;
  email: string | null;
  phone: string | null;
  phone2: string | null;
  phone_type: string | null;
  phone2_type: string | null;
}

export const MyProfileQuery = gql<{ me: MeData | null }, Record<string, never>>`
  query PeopleMyProfile {
    me {
      id
      fname
      lname
      middle_name
      nick_name
      full_name
      username
      email
      phone
      phone2
      phone_type
      phone2_type
    }
  }
`;

export const UserSettingQuery = gql<{ getUserSettingData: UserSettingData }, { user_id: string }>`
  query PeopleUserSetting($user_id: ID!) {
    getUserSettingData(user_id: $user_id) {
      ...PeopleUserSettingFields
    }
  }
  ${UserSettingFields}
`;

export interface DirectoryEntryData {
  user_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  children: string[];
}

export const ParentDirectoryQuery = gql<
  { getParentDirectory: Page<DirectoryEntryData> },
  { search?: string | null; page: number; first: number }
>`
  query PeopleParentDirectory($search: String, $page: Int, $first: Int) {
    getParentDirectory(search: $search, page: $page, first: $first) {
      data {
        user_id
        name
        email
        phone
        children
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
`;

export const PeopleLocationsQuery = gql<{ dropdownLocations: { id: string; name: string }[] }, Record<string, never>>`
  query PeopleLocations {
    dropdownLocations {
      id
      name
    }
  }
`;

export const PeopleRoomsQuery = gql<{ roomsByLocation: { id: string; name: string }[] }, { location_id: string }>`
  query PeopleRooms($location_id: ID!) {
    roomsByLocation(location_id: $location_id) {
      id
      name
    }
  }
`;
