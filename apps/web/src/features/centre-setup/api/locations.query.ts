import { gql } from '@urql/core';
import { HistoryFields, LocationFields, LocationSettingFields } from './fragments';
import type {
  SetupCheckLocationCodeQuery,
  SetupCheckLocationCodeQueryVariables,
  SetupCheckLocationNameQuery,
  SetupCheckLocationNameQueryVariables,
  SetupLocationHistoryQuery,
  SetupLocationHistoryQueryVariables,
  SetupLocationOptionsQuery,
  SetupLocationOptionsQueryVariables,
  SetupLocationQuery,
  SetupLocationQueryVariables,
  SetupLocationSettingQuery,
  SetupLocationSettingQueryVariables,
  SetupLocationsPageQuery,
  SetupLocationsPageQueryVariables,
  SetupManagerOptionsQuery,
  SetupManagerOptionsQueryVariables,
  SetupSchoolProfileQuery,
  SetupSchoolProfileQueryVariables,
} from '../../../graphql/generated/tenant-api';

export const LocationsPageQuery = gql<SetupLocationsPageQuery, SetupLocationsPageQueryVariables>`
  query SetupLocationsPage($page: Int, $first: Int) {
    getAllLocations(page: $page, first: $first) {
      data {
        ...SetupLocationFields
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
  ${LocationFields}
`;

export const LocationQuery = gql<SetupLocationQuery, SetupLocationQueryVariables>`
  query SetupLocation($id: ID!) {
    location(id: $id) {
      ...SetupLocationFields
    }
  }
  ${LocationFields}
`;

export const LocationOptionsQuery = gql<SetupLocationOptionsQuery, SetupLocationOptionsQueryVariables>`
  query SetupLocationOptions {
    dropdownLocations {
      id
      name
    }
  }
`;

export const ManagerOptionsQuery = gql<SetupManagerOptionsQuery, SetupManagerOptionsQueryVariables>`
  query SetupManagerOptions {
    getManagersList {
      id
      full_name
    }
  }
`;

export interface AvailabilityData {
  available: boolean;
  message: string;
}

export const CheckLocationNameQuery = gql<SetupCheckLocationNameQuery, SetupCheckLocationNameQueryVariables>`
  query SetupCheckLocationName($name: String!, $id: ID) {
    checkLocationName(name: $name, id: $id) {
      available
      message
    }
  }
`;

export const CheckLocationCodeQuery = gql<SetupCheckLocationCodeQuery, SetupCheckLocationCodeQueryVariables>`
  query SetupCheckLocationCode($signup_code: String!, $id: ID) {
    checkLocationCode(signup_code: $signup_code, id: $id) {
      available
      message
    }
  }
`;

export const LocationHistoryQuery = gql<SetupLocationHistoryQuery, SetupLocationHistoryQueryVariables>`
  query SetupLocationHistory($location: ID!, $page: Int, $first: Int) {
    getLocationHistory(location: $location, page: $page, first: $first) {
      ...SetupHistoryFields
    }
  }
  ${HistoryFields}
`;

export const LocationSettingQuery = gql<SetupLocationSettingQuery, SetupLocationSettingQueryVariables>`
  query SetupLocationSetting($location_id: ID!) {
    getLocationSettingData(location_id: $location_id) {
      ...SetupLocationSettingFields
    }
    getLocationDefaultAddress(location_id: $location_id) {
      address
      default_city
      default_state
      default_zip
    }
    location(id: $location_id) {
      ...SetupLocationFields
    }
  }
  ${LocationSettingFields}
  ${LocationFields}
`;

export const SchoolProfileQuery = gql<SetupSchoolProfileQuery, SetupSchoolProfileQueryVariables>`
  query SetupSchoolProfile {
    getSchoolProfile {
      school_name
      school_logo
    }
  }
`;
