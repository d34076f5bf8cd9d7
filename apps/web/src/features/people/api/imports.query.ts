import { gql } from '@urql/core';
import { ImportFields, type ImportData } from './fragments';

export const ImportQuery = gql<{ getImport: ImportData }, { id: string }>`
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

export const BoardingDataQuery = gql<{ getBoardingData: BoardingData }, { location_id?: string | null }>`
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
