import { gql } from '@urql/core';
import { ActivityFields } from './fragments';
import type {
  ActivitiesCheckedInQuery,
  ActivitiesCheckedInQueryVariables,
  ActivitiesChildMedicationsQuery,
  ActivitiesChildMedicationsQueryVariables,
  ActivitiesDailyReportQuery,
  ActivitiesDailyReportQueryVariables,
  ActivitiesFilteredReportsQuery,
  ActivitiesFilteredReportsQueryVariables,
  ActivitiesLocationQuery,
  ActivitiesLocationQueryVariables,
  ActivitiesMyChildrenQuery,
  ActivitiesMyChildrenQueryVariables,
  ActivitiesReceiversQuery,
  ActivitiesReceiversQueryVariables,
  ActivitiesRoomFeedQuery,
  ActivitiesRoomFeedQueryVariables,
  ActivitiesStudentOptionsQuery,
  ActivitiesStudentOptionsQueryVariables,
} from '../../../graphql/generated/tenant-api';

/** The current location's time zone (every date and time of an entry is the location's) and its rooms. */
export const LocationQuery = gql<ActivitiesLocationQuery, ActivitiesLocationQueryVariables>`
  query ActivitiesLocation($id: ID!) {
    location(id: $id) {
      id
      name
      timezone {
        id
      }
      rooms {
        id
        name
        color_code
      }
    }
  }
`;

/** The children checked in to a room now (attendance): quick entry preselects them. */
export const CheckedInQuery = gql<ActivitiesCheckedInQuery, ActivitiesCheckedInQueryVariables>`
  query ActivitiesCheckedIn($location_id: ID!, $program_id: ID) {
    getStudentsAfterCheckInLocation(location_id: $location_id, program_id: $program_id, status: checked_in, page: 1, first: 100) {
      data {
        id
        full_name
        image
        program_id
      }
      date
    }
  }
`;

/** A room's entries on a day (room feed). */
export const RoomFeedQuery = gql<ActivitiesRoomFeedQuery, ActivitiesRoomFeedQueryVariables>`
  query ActivitiesRoomFeed($id: ID!, $date: String, $staffOnly: Boolean, $type: String) {
    getRoomActivities(id: $id, date: $date, staffOnly: $staffOnly, type: $type) {
      ...ActivitiesEntryFields
    }
  }
  ${ActivityFields}
`;

/** A child's day: staff see every entry, a family the approved entries that are not staff only. */
export const DailyReportQuery = gql<ActivitiesDailyReportQuery, ActivitiesDailyReportQueryVariables>`
  query ActivitiesDailyReport($id: ID!, $date: String) {
    getDailyReport(id: $id, date: $date) {
      student {
        id
        fname
        lname
      }
      date
      activities {
        ...ActivitiesEntryFields
      }
    }
  }
  ${ActivityFields}
`;

/** A child's entries over days (at most 31), of one kind when given. */
export const FilteredReportsQuery = gql<ActivitiesFilteredReportsQuery, ActivitiesFilteredReportsQueryVariables>`
  query ActivitiesFilteredReports($id: ID!, $from: String, $to: String, $type: String) {
    getFilteredReports(id: $id, from: $from, to: $to, type: $type) {
      student {
        id
        fname
        lname
      }
      from
      to
      activities {
        ...ActivitiesEntryFields
      }
    }
  }
  ${ActivityFields}
`;

/** The location's active children (the report's child filter). */
export const StudentOptionsQuery = gql<ActivitiesStudentOptionsQuery, ActivitiesStudentOptionsQueryVariables>`
  query ActivitiesStudentOptions($location_id: ID, $search: String) {
    students(location_id: $location_id, status: true, search: $search, page: 1, first: 100) {
      data {
        id
        full_name
      }
    }
  }
`;

/** A parent's own children (the latest entries on /home). */
export const MyChildrenQuery = gql<ActivitiesMyChildrenQuery, ActivitiesMyChildrenQueryVariables>`
  query ActivitiesMyChildren {
    students(status: true, page: 1, first: 20) {
      data {
        id
        fname
        full_name
      }
    }
  }
`;

/** The medications on a child's list (a medication entry is one of them). */
export const ChildMedicationsQuery = gql<ActivitiesChildMedicationsQuery, ActivitiesChildMedicationsQueryVariables>`
  query ActivitiesChildMedications($id: ID!) {
    student(id: $id) {
      id
      medications {
        id
        name
      }
    }
  }
`;

/** Who may receive a child's day by email: its contacts (not black-listed), with their addresses. */
export const ReceiversQuery = gql<ActivitiesReceiversQuery, ActivitiesReceiversQueryVariables>`
  query ActivitiesReceivers($id: ID!) {
    student(id: $id) {
      id
      guardians {
        user_id
        black_list
        relation
        user {
          id
          full_name
          email
        }
      }
    }
  }
`;
