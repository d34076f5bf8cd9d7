import { gql } from '@urql/core';
import type {
  PeopleAllergiesQuery,
  PeopleAllergiesQueryVariables,
  PeopleMedicationsQuery,
  PeopleMedicationsQueryVariables,
  PeopleRelationshipsQuery,
  PeopleRelationshipsQueryVariables,
  PeopleTagsQuery,
  PeopleTagsQueryVariables,
} from '../../../graphql/generated/tenant-api';

export interface LabelRow {
  id: string;
  name: string;
  student_count: number;
  user_count: number;
}

const PAGE = `
  data {
    id
    name
    student_count
    user_count
  }
  paginatorInfo {
    currentPage
    lastPage
    perPage
    total
  }
`;

export const TagsQuery = gql<PeopleTagsQuery, PeopleTagsQueryVariables>`
  query PeopleTags($search: String, $page: Int, $first: Int) {
    getTags(search: $search, page: $page, first: $first) {
      ${PAGE}
    }
  }
`;

export const AllergiesQuery = gql<PeopleAllergiesQuery, PeopleAllergiesQueryVariables>`
  query PeopleAllergies($search: String, $page: Int, $first: Int) {
    getAllergies(search: $search, page: $page, first: $first) {
      ${PAGE}
    }
  }
`;

export const MedicationsQuery = gql<PeopleMedicationsQuery, PeopleMedicationsQueryVariables>`
  query PeopleMedications($search: String, $page: Int, $first: Int) {
    getMedications(search: $search, page: $page, first: $first) {
      ${PAGE}
    }
  }
`;

export interface RelationshipRow {
  id: string;
  name: string;
  is_default: boolean;
  legal_guardian: boolean;
  relationship_type: string | null;
}

export const RelationshipsQuery = gql<PeopleRelationshipsQuery, PeopleRelationshipsQueryVariables>`
  query PeopleRelationships($search: String, $page: Int, $first: Int) {
    getRelationships(search: $search, page: $page, first: $first) {
      data {
        id
        name
        is_default
        legal_guardian
        relationship_type
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
