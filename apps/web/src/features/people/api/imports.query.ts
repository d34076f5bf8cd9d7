import { gql } from '@urql/core';
import { ImportFields } from './fragments';
import type {
  PeopleBoardingDataQuery,
  PeopleBoardingDataQueryVariables,
  PeopleImportQuery,
  PeopleImportQueryVariables,
} from '../../../graphql/generated/tenant-api';

export const ImportQuery = gql<PeopleImportQuery, PeopleImportQueryVariables>`
  query PeopleImport($id: ID!) {
    getImport(id: $id) {
      ...PeopleImportFields
    }
  }
  ${ImportFields}
`;

export interface BoardingData {
  location_id: string | null;
  locations: number;
  cameras: number;
  rooms: number;
  managers: number;
  contacts: number;
  students: number;
  school_profile: boolean;
  steps: { step: string; done: boolean | null }[];
}

export const BoardingDataQuery = gql<PeopleBoardingDataQuery, PeopleBoardingDataQueryVariables>`
  query PeopleBoardingData($location_id: ID) {
    getBoardingData(location_id: $location_id) {
      location_id
      locations
      cameras
      rooms
      managers
      contacts
      students
      school_profile
      steps {
        step
        done
      }
    }
  }
`;
