import { gql } from '@urql/core';

/** One count per setup step; each step is its own request so one refused query cannot hide the others. */
type Total = { paginatorInfo: { total: number } };

export const SetupLocationsQuery = gql<{ locations: Total }, Record<string, never>>`
  query DashboardSetupLocations {
    locations(first: 1) {
      paginatorInfo {
        total
      }
    }
  }
`;

export const SetupCamerasQuery = gql<{ location_cameras: Total }, { location_id: string }>`
  query DashboardSetupCameras($location_id: ID!) {
    location_cameras(location_id: $location_id, first: 1) {
      paginatorInfo {
        total
      }
    }
  }
`;

export const SetupStreamsQuery = gql<{ getStreams: Total }, { location_id: string | null }>`
  query DashboardSetupStreams($location_id: ID) {
    getStreams(location_id: $location_id, first: 1) {
      paginatorInfo {
        total
      }
    }
  }
`;

export const SetupSchoolProfileQuery = gql<{ getSchoolProfile: { school_name: string | null } }, Record<string, never>>`
  query DashboardSetupSchoolProfile {
    getSchoolProfile {
      school_name
    }
  }
`;

export const SetupRoomsQuery = gql<{ roomsByLocation: { id: string }[] }, { location_id: string }>`
  query DashboardSetupRooms($location_id: ID!) {
    roomsByLocation(location_id: $location_id) {
      id
    }
  }
`;

export const SetupRoleUsersQuery = gql<{ roleUsers: Total }, { role: string; location_id: string | null }>`
  query DashboardSetupRoleUsers($role: String!, $location_id: ID) {
    roleUsers(role: $role, location_id: $location_id, first: 1) {
      paginatorInfo {
        total
      }
    }
  }
`;

export const SetupStudentsQuery = gql<{ students: Total }, { location_id: string | null }>`
  query DashboardSetupStudents($location_id: ID) {
    students(location_id: $location_id, first: 1) {
      paginatorInfo {
        total
      }
    }
  }
`;
