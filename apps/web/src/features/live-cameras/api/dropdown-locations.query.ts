import { gql } from '@urql/core';
import type { CameraLocationsQuery, CameraLocationsQueryVariables } from '../../../graphql/generated/tenant-api';

export const DropdownLocationsQuery = gql<CameraLocationsQuery, CameraLocationsQueryVariables>`
  query CameraLocations {
    dropdownLocations {
      id
      name
    }
  }
`;
