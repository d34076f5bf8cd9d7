import { gql } from '@urql/core';

export const DropdownLocationsQuery = gql<{ dropdownLocations: { id: string; name: string }[] }, Record<string, never>>`
  query CameraLocations {
    dropdownLocations {
      id
      name
    }
  }
`;
