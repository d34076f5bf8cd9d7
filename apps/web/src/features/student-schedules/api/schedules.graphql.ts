import { gql } from '@urql/core';
import type {
  SchedulesChangesQuery,
  SchedulesChangesQueryVariables,
  SchedulesCreateVacationMutation,
  SchedulesCreateVacationMutationVariables,
  SchedulesDeleteVacationMutation,
  SchedulesDeleteVacationMutationVariables,
  SchedulesLocationQuery,
  SchedulesLocationQueryVariables,
  SchedulesMonthQuery,
  SchedulesMonthQueryVariables,
  SchedulesStaffQuery,
  SchedulesStaffQueryVariables,
  SchedulesStudentQuery,
  SchedulesStudentQueryVariables,
} from '../../../graphql/generated/tenant-api';

/** The current location's zone and rooms. */
export const LocationQuery = gql<SchedulesLocationQuery, SchedulesLocationQueryVariables>`
  query SchedulesLocation($id: ID!) {
    location(id: $id) {
      id
      timezone {
        id
      }
      rooms {
        id
        name
      }
    }
  }
`;

export const MonthQuery = gql<SchedulesMonthQuery, SchedulesMonthQueryVariables>`
  query SchedulesMonth($location: ID!, $program: ID, $month: String, $page: Int, $first: Int) {
    getMonthlyScheduleList(location: $location, program: $program, month: $month, page: $page, first: $first) {
      month
      data {
        student_id
        full_name
        program_id
        expected_dates
        absences {
          date
          reason
          vacation_id
        }
        schedules {
          id
          start_date
          end_date
          start_time
          end_time
          type
          days
          program_id
        }
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

export const ChangesQuery = gql<SchedulesChangesQuery, SchedulesChangesQueryVariables>`
  query SchedulesChanges($location: ID!, $from: String!, $to: String!, $page: Int, $first: Int) {
    filterUpdatedSchedules(location: $location, from: $from, to: $to, page: $page, first: $first) {
      data {
        id
        student_id
        student_name
        action
        data
        created_at
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

export const StaffQuery = gql<SchedulesStaffQuery, SchedulesStaffQueryVariables>`
  query SchedulesStaff($location: ID, $from: String!, $to: String!) {
    filterStaffSchedules(location: $location, from: $from, to: $to) {
      schedules {
        id
        user_id
        user_name
        location_id
        program_id
        start_date
        end_date
        start_time
        end_time
        days
        repeat
        note
      }
      ptos {
        id
        user_id
        user_name
        note
        start_date
        end_date
        hours
        type
        status
      }
      absences {
        id
        user_name
        date
        reason
        note
      }
    }
  }
`;

export const StudentQuery = gql<SchedulesStudentQuery, SchedulesStudentQueryVariables>`
  query SchedulesStudent($student: ID!) {
    getStudentSchedules(student: $student) {
      student_id
      can_edit
      schedules {
        id
        start_date
        end_date
        start_time
        end_time
        type
        days
        program_id
      }
      vacations {
        id
        start_date
        end_date
        reason
        note
        dates
      }
      absences {
        date
        reason
      }
    }
  }
`;

export const CreateVacationMutation = gql<SchedulesCreateVacationMutation, SchedulesCreateVacationMutationVariables>`
  mutation SchedulesCreateVacation($student: ID!, $start_date: String!, $end_date: String!, $reason: String, $note: String) {
    createVacation(student: $student, start_date: $start_date, end_date: $end_date, reason: $reason, note: $note) {
      status
      message
      color
      vacation {
        id
        dates
      }
    }
  }
`;

export const DeleteVacationMutation = gql<SchedulesDeleteVacationMutation, SchedulesDeleteVacationMutationVariables>`
  mutation SchedulesDeleteVacation($id: ID!) {
    deleteVacation(id: $id) {
      status
      message
      color
    }
  }
`;
