import { gql } from '@urql/core';
import { UserDetailFields, UserRowFields, UserSettingFields } from './fragments';
import type {
  PeopleLocationsQuery as PeopleLocationsQueryResult,
  PeopleLocationsQueryVariables,
  PeopleLoginHistoryQuery,
  PeopleLoginHistoryQueryVariables,
  PeopleMyProfileQuery,
  PeopleMyProfileQueryVariables,
  PeopleParentDirectoryQuery,
  PeopleParentDirectoryQueryVariables,
  PeoplePendingUsersQuery,
  PeoplePendingUsersQueryVariables,
  PeoplePersonQuery,
  PeoplePersonQueryVariables,
  PeopleRoleUsersQuery,
  PeopleRoleUsersQueryVariables,
  PeopleRoomsQuery as PeopleRoomsQueryResult,
  PeopleRoomsQueryVariables,
  PeopleTeamListQuery,
  PeopleTeamListQueryVariables,
  PeopleTeamMemberQuery,
  PeopleTeamMemberQueryVariables,
  PeopleUserSettingQuery,
  PeopleUserSettingQueryVariables,
} from '../../../graphql/generated/tenant-api';

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

export const RoleUsersQuery = gql<PeopleRoleUsersQuery, PeopleRoleUsersQueryVariables>`
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

export const PendingUsersQuery = gql<PeoplePendingUsersQuery, PeoplePendingUsersQueryVariables>`
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

export const TeamListQuery = gql<PeopleTeamListQuery, PeopleTeamListQueryVariables>`
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

export const PersonQuery = gql<PeoplePersonQuery, PeoplePersonQueryVariables>`
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

export const TeamMemberQuery = gql<PeopleTeamMemberQuery, PeopleTeamMemberQueryVariables>`
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

export const LoginHistoryQuery = gql<PeopleLoginHistoryQuery, PeopleLoginHistoryQueryVariables>`
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

export const MyProfileQuery = gql<PeopleMyProfileQuery, PeopleMyProfileQueryVariables>`
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

export const UserSettingQuery = gql<PeopleUserSettingQuery, PeopleUserSettingQueryVariables>`
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

export const ParentDirectoryQuery = gql<PeopleParentDirectoryQuery, PeopleParentDirectoryQueryVariables>`
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

export const PeopleLocationsQuery = gql<PeopleLocationsQueryResult, PeopleLocationsQueryVariables>`
  query PeopleLocations {
    dropdownLocations {
      id
      name
    }
  }
`;

export const PeopleRoomsQuery = gql<PeopleRoomsQueryResult, PeopleRoomsQueryVariables>`
  query PeopleRooms($location_id: ID!) {
    roomsByLocation(location_id: $location_id) {
      id
      name
    }
  }
`;
