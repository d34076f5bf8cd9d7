import { gql } from '@urql/core';
import type { ShellPickerLocationsQuery, ShellPickerLocationsQueryVariables } from '../../../graphql/generated/tenant-api';

/** The locations the viewer may see (every role's picker list). */
export const PickerLocationsQuery = gql<ShellPickerLocationsQuery, ShellPickerLocationsQueryVariables>`
  query ShellPickerLocations {
    dropdownLocations {
      id
      name
    }
  }
`;
