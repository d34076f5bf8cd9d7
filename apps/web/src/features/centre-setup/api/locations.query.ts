import { gql } from '@urql/core';
import {
  HistoryFields,
  LocationFields,
  LocationSettingFields,
  type HistoryEntryData,
  type LocationData,
  type LocationSettingData,
  type ManagerData,
  type PaginatorInfoData,
} from './fragments';

export const LocationsPageQuery = gql<
  { getAllLocations: { data: LocationData[]; paginatorInfo: PaginatorInfoData } },
  { page: number; first: number }
>`
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

export const LocationQuery = gql<{ location: LocationData }, { id: string }>`
  query SetupLocation($id: ID!) {
    location(id: $id) {
      ...SetupLocationFields
    }
  }
  ${LocationFields}
`;

export const LocationOptionsQuery = gql<{ dropdownLocations: { id: string; name: string }[] }, Record<string, never>>`
  query SetupLocationOptions {
    dropdownLocations {
      id
      name
    }
  }
`;

export const ManagerOptionsQuery = gql<{ getManagersList: ManagerData[] }, Record<string, never>>`
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

export const CheckLocationNameQuery = gql<{ checkLocationName: AvailabilityData }, { name: string; id?: string | null }>`
  query SetupCheckLocationName($name: String!, $id: ID) {
    checkLocationName(name: $name, id: $id) {
      available
      message
    }
  }
`;

export const CheckLocationCodeQuery = gql<{ checkLocationCode: AvailabilityData }, { signup_code: string; id?: string | null }>`
  query SetupCheckLocationCode($signup_code: String!, $id: ID) {
    checkLocationCode(signup_code: $signup_code, id: $id) {
      available
      message
    }
  }
`;

export const LocationHistoryQuery = gql<
  { getLocationHistory: { data: HistoryEntryData[]; paginatorInfo: PaginatorInfoData } },
  { location: string; page: number; first: number }
>`
  query SetupLocationHistory($location: ID!, $page: Int, $first: Int) {
    getLocationHistory(location: $location, page: $page, first: $first) {
      ...SetupHistoryFields
    }
  }
  ${HistoryFields}
`;

export const LocationSettingQuery = gql<
  {
    getLocationSettingData: LocationSettingData;
    getLocationDefaultAddress: {
      address: string | null;
      default_city: string | null;
      default_state: string | null;
      default_zip: string | null;
    };
    location: LocationData;
  },
  { location_id: string }
>`
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

export const SchoolProfileQuery = gql<
  { getSchoolProfile: { school_name: string | null; school_logo: string | null } },
  Record<string, never>
>`
  query SetupSchoolProfile {
    getSchoolProfile {
      school_name
      school_logo
    }
  }
`;
