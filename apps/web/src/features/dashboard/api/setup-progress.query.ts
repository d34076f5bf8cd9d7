import { gql } from '@urql/core';
import type {
  DashboardSetupCamerasQuery,
  DashboardSetupCamerasQueryVariables,
  DashboardSetupLocationsQuery,
  DashboardSetupLocationsQueryVariables,
  DashboardSetupRoleUsersQuery,
  DashboardSetupRoleUsersQueryVariables,
  DashboardSetupRoomsQuery,
  DashboardSetupRoomsQueryVariables,
  DashboardSetupSchoolProfileQuery,
  DashboardSetupSchoolProfileQueryVariables,
  DashboardSetupStreamsQuery,
  DashboardSetupStreamsQueryVariables,
  DashboardSetupStudentsQuery,
  DashboardSetupStudentsQueryVariables,
} from '../../../graphql/generated/tenant-api';

export const SetupLocationsQuery = gql<DashboardSetupLocationsQuery, DashboardSetupLocationsQueryVariables>`
  query DashboardSetupLocations {
    locations(first: 1) {
      paginatorInfo {
        total
      }
    }
  }
`;

export const SetupCamerasQuery = gql<DashboardSetupCamerasQuery, DashboardSetupCamerasQueryVariables>`
  query DashboardSetupCameras($location_id: ID!) {
    location_cameras(location_id: $location_id, first: 1) {
      paginatorInfo {
        total
      }
    }
  }
`;

export const SetupStreamsQuery = gql<DashboardSetupStreamsQuery, DashboardSetupStreamsQueryVariables>`
  query DashboardSetupStreams($location_id: ID) {
    getStreams(location_id: $location_id, first: 1) {
      paginatorInfo {
        total
      }
    }
  }
`;

export const SetupSchoolProfileQuery = gql<DashboardSetupSchoolProfileQuery, DashboardSetupSchoolProfileQueryVariables>`
  query DashboardSetupSchoolProfile {
    getSchoolProfile {
      school_name
    }
  }
`;

export const SetupRoomsQuery = gql<DashboardSetupRoomsQuery, DashboardSetupRoomsQueryVariables>`
  query DashboardSetupRooms($location_id: ID!) {
    roomsByLocation(location_id: $location_id) {
      id
    }
  }
`;

export const SetupRoleUsersQuery = gql<DashboardSetupRoleUsersQuery, DashboardSetupRoleUsersQueryVariables>`
  query DashboardSetupRoleUsers($role: String!, $location_id: ID) {
    roleUsers(role: $role, location_id: $location_id, first: 1) {
      paginatorInfo {
        total
      }
    }
  }
`;

export const SetupStudentsQuery = gql<DashboardSetupStudentsQuery, DashboardSetupStudentsQueryVariables>`
  query DashboardSetupStudents($location_id: ID) {
    students(location_id: $location_id, first: 1) {
      paginatorInfo {
        total
      }
    }
  }
`;
