import { gql } from '@urql/core';
import type { Page } from './fragments';

export interface LabelRow {
  id: string;
  name: string;
  student_count: number;
  user_count: number;
}

type LabelVars = { search?: string | null; page: number; first: number };
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

export const TagsQuery = gql<{ getTags: Page<LabelRow> }, LabelVars>`
  query PeopleTags($search: String, $page: Int, $first: Int) {
    getTags(search: $search, page: $page, first: $first) {
      ${PAGE}
    }
  }
`;

export const AllergiesQuery = gql<{ getAllergies: Page<LabelRow> }, LabelVars>`
  query PeopleAllergies($search: String, $page: Int, $first: Int) {
    getAllergies(search: $search, page: $page, first: $first) {
      ${PAGE}
    }
  }
`;

export const MedicationsQuery = gql<{ getMedications: Page<LabelRow> }, LabelVars>`
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

export const RelationshipsQuery = gql<{ getRelationships: Page<RelationshipRow> }, LabelVars>`
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
