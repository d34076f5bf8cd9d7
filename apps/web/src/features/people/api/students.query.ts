import { gql } from '@urql/core';
import { StudentDetailFields, StudentRowFields } from './fragments';
import type {
  PeopleArchivedStudentsQuery,
  PeopleArchivedStudentsQueryVariables,
  PeopleContactSearchQuery,
  PeopleContactSearchQueryVariables,
  PeopleLeadStudentsQuery,
  PeopleLeadStudentsQueryVariables,
  PeopleLocationOptionsQuery,
  PeopleLocationOptionsQueryVariables,
  PeopleSiblingCandidatesQuery,
  PeopleSiblingCandidatesQueryVariables,
  PeopleStudentAccessQuery,
  PeopleStudentAccessQueryVariables,
  PeopleStudentFormOptionsQuery,
  PeopleStudentFormOptionsQueryVariables,
  PeopleStudentQuery,
  PeopleStudentQueryVariables,
  PeopleStudentsQuery,
  PeopleStudentsQueryVariables,
} from '../../../graphql/generated/tenant-api';

export interface StudentListVars {
  location_id?: string | null;
  status?: boolean | null;
  type?: string | null;
  search?: string | null;
  page: number;
  first: number;
}

export const StudentsQuery = gql<PeopleStudentsQuery, PeopleStudentsQueryVariables>`
  query PeopleStudents($location_id: ID, $status: Boolean, $type: String, $search: String, $page: Int, $first: Int) {
    students(location_id: $location_id, status: $status, type: $type, search: $search, page: $page, first: $first) {
      data {
        ...PeopleStudentRowFields
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
  ${StudentRowFields}
`;

export const LeadStudentsQuery = gql<PeopleLeadStudentsQuery, PeopleLeadStudentsQueryVariables>`
  query PeopleLeadStudents($location_id: ID, $search: String, $page: Int, $first: Int) {
    getLeadStudents(location_id: $location_id, search: $search, page: $page, first: $first) {
      data {
        ...PeopleStudentRowFields
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
  ${StudentRowFields}
`;

export const ArchivedStudentsQuery = gql<PeopleArchivedStudentsQuery, PeopleArchivedStudentsQueryVariables>`
  query PeopleArchivedStudents($location_id: ID, $search: String, $page: Int, $first: Int) {
    getArchivedList(location_id: $location_id, search: $search, page: $page, first: $first) {
      data {
        ...PeopleStudentRowFields
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
  ${StudentRowFields}
`;

export const StudentQuery = gql<PeopleStudentQuery, PeopleStudentQueryVariables>`
  query PeopleStudent($id: ID!) {
    student(id: $id) {
      ...PeopleStudentDetailFields
    }
  }
  ${StudentDetailFields}
`;

export interface ProfilePermissionData {
  found: boolean;
  permission: boolean;
}

export const StudentAccessQuery = gql<PeopleStudentAccessQuery, PeopleStudentAccessQueryVariables>`
  query PeopleStudentAccess($id: ID!) {
    checkStudentProfilePermission(student_id: $id) {
      found
      permission
    }
    getStudentEditPermissions(student_id: $id) {
      student_id
      can_edit_student
      can_edit_fields
    }
  }
`;

/** What the student form picks from: locations, the location's rooms and cameras, and the centre's lists. */
export const StudentFormOptionsQuery = gql<PeopleStudentFormOptionsQuery, PeopleStudentFormOptionsQueryVariables>`
  query PeopleStudentFormOptions {
    dropdownLocations {
      id
      name
    }
    getTags(first: 100) {
      data {
        id
        name
      }
    }
    getAllergies(first: 100) {
      data {
        id
        name
      }
    }
    getMedications(first: 100) {
      data {
        id
        name
      }
    }
    getRelationships(first: 100) {
      data {
        id
        name
        is_default
        legal_guardian
      }
    }
  }
`;

export const LocationOptionsQuery = gql<PeopleLocationOptionsQuery, PeopleLocationOptionsQueryVariables>`
  query PeopleLocationOptions($location_id: ID!) {
    roomsByLocation(location_id: $location_id) {
      id
      name
    }
    location_cameras(location_id: $location_id, first: 100) {
      data {
        id
        name
      }
    }
  }
`;

export const ContactSearchQuery = gql<PeopleContactSearchQuery, PeopleContactSearchQueryVariables>`
  query PeopleContactSearch($search: String) {
    roleUsers(role: "user", search: $search, first: 50) {
      data {
        id
        full_name
        email
      }
    }
  }
`;

/** Students to pick a sibling from (the server scopes the list to the viewer's students). */
export const SiblingCandidatesQuery = gql<PeopleSiblingCandidatesQuery, PeopleSiblingCandidatesQueryVariables>`
  query PeopleSiblingCandidates($search: String) {
    students(search: $search, page: 1, first: 25) {
      data {
        id
        full_name
        location {
          id
          name
        }
      }
    }
  }
`;
