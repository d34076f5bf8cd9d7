import { gql } from '@urql/core';
import type {
  SchedulesAddDateMutation,
  SchedulesAddDateMutationVariables,
  SchedulesApprovePtoMutation,
  SchedulesApprovePtoMutationVariables,
  SchedulesChildOptionsQuery,
  SchedulesChildOptionsQueryVariables,
  SchedulesCreatePtoMutation,
  SchedulesCreatePtoMutationVariables,
  SchedulesCreateScheduleMutation,
  SchedulesCreateScheduleMutationVariables,
  SchedulesCreateStaffAbsenceMutation,
  SchedulesCreateStaffAbsenceMutationVariables,
  SchedulesCreateStaffScheduleMutation,
  SchedulesCreateStaffScheduleMutationVariables,
  SchedulesEditVacationMutation,
  SchedulesEditVacationMutationVariables,
  SchedulesRemoveDateMutation,
  SchedulesRemoveDateMutationVariables,
  SchedulesRemovePtoMutation,
  SchedulesRemovePtoMutationVariables,
  SchedulesRemoveScheduleMutation,
  SchedulesRemoveScheduleMutationVariables,
  SchedulesRemoveStaffAbsenceMutation,
  SchedulesRemoveStaffAbsenceMutationVariables,
  SchedulesRemoveStaffScheduleMutation,
  SchedulesRemoveStaffScheduleMutationVariables,
  SchedulesRemoveVacationDaysMutation,
  SchedulesRemoveVacationDaysMutationVariables,
  SchedulesScheduleDatesQuery,
  SchedulesScheduleDatesQueryVariables,
  SchedulesStaffOptionsQuery,
  SchedulesStaffOptionsQueryVariables,
  SchedulesUpdateScheduleMutation,
  SchedulesUpdateScheduleMutationVariables,
  SchedulesUpdateStaffScheduleMutation,
  SchedulesUpdateStaffScheduleMutationVariables,
} from '../../../graphql/generated/tenant-api';

/** Children of the location matching a search (the schedule and vacation forms' picker). */
export const ChildOptionsQuery = gql<SchedulesChildOptionsQuery, SchedulesChildOptionsQueryVariables>`
  query SchedulesChildOptions($location_id: ID, $search: String) {
    students(location_id: $location_id, status: true, search: $search, first: 50) {
      data {
        id
        full_name
      }
    }
  }
`;

/** Active staff of the location matching a search (the staff schedule form's picker). */
export const StaffOptionsQuery = gql<SchedulesStaffOptionsQuery, SchedulesStaffOptionsQueryVariables>`
  query SchedulesStaffOptions($location_id: ID, $search: String) {
    getTeamList(location_id: $location_id, status: true, search: $search, first: 50) {
      data {
        id
        full_name
      }
    }
  }
`;

/** A child's schedules with their extra days (the schedule form's "extra days" list). */
export const ScheduleDatesQuery = gql<SchedulesScheduleDatesQuery, SchedulesScheduleDatesQueryVariables>`
  query SchedulesScheduleDates($student: ID!) {
    getStudentSchedules(student: $student) {
      student_id
      schedules {
        id
        dates {
          id
          date
          start_time
          end_time
        }
      }
    }
  }
`;

export const CreateScheduleMutation = gql<SchedulesCreateScheduleMutation, SchedulesCreateScheduleMutationVariables>`
  mutation SchedulesCreateSchedule(
    $student: ID!
    $start_date: String!
    $end_date: String
    $start_time: String
    $end_time: String
    $type: String
    $days: [String!]
    $program: ID
  ) {
    createStudentSchedule(
      student: $student
      start_date: $start_date
      end_date: $end_date
      start_time: $start_time
      end_time: $end_time
      type: $type
      days: $days
      program: $program
    ) {
      status
      message
      color
      schedule {
        id
      }
    }
  }
`;

export const UpdateScheduleMutation = gql<SchedulesUpdateScheduleMutation, SchedulesUpdateScheduleMutationVariables>`
  mutation SchedulesUpdateSchedule(
    $id: ID!
    $start_date: String
    $end_date: String
    $start_time: String
    $end_time: String
    $type: String
    $days: [String!]
    $program: ID
  ) {
    updateStudentSchedule(
      id: $id
      start_date: $start_date
      end_date: $end_date
      start_time: $start_time
      end_time: $end_time
      type: $type
      days: $days
      program: $program
    ) {
      status
      message
      color
      schedule {
        id
      }
    }
  }
`;

export const RemoveScheduleMutation = gql<SchedulesRemoveScheduleMutation, SchedulesRemoveScheduleMutationVariables>`
  mutation SchedulesRemoveSchedule($id: ID!) {
    removeStudentSchedule(id: $id) {
      status
      message
      color
    }
  }
`;

export const AddDateMutation = gql<SchedulesAddDateMutation, SchedulesAddDateMutationVariables>`
  mutation SchedulesAddDate($schedule: ID!, $date: String!, $start_time: String, $end_time: String) {
    addScheduleDate(schedule: $schedule, date: $date, start_time: $start_time, end_time: $end_time) {
      status
      message
      color
      date {
        id
      }
    }
  }
`;

export const RemoveDateMutation = gql<SchedulesRemoveDateMutation, SchedulesRemoveDateMutationVariables>`
  mutation SchedulesRemoveDate($id: ID!) {
    removeScheduleDate(id: $id) {
      status
      message
      color
    }
  }
`;

export const EditVacationMutation = gql<SchedulesEditVacationMutation, SchedulesEditVacationMutationVariables>`
  mutation SchedulesEditVacation($id: ID!, $start_date: String, $end_date: String, $reason: String, $note: String) {
    editVacation(id: $id, start_date: $start_date, end_date: $end_date, reason: $reason, note: $note) {
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

export const RemoveVacationDaysMutation = gql<SchedulesRemoveVacationDaysMutation, SchedulesRemoveVacationDaysMutationVariables>`
  mutation SchedulesRemoveVacationDays($id: ID!, $dates: [String!]!) {
    removeVacation(id: $id, dates: $dates) {
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

export const CreateStaffScheduleMutation = gql<SchedulesCreateStaffScheduleMutation, SchedulesCreateStaffScheduleMutationVariables>`
  mutation SchedulesCreateStaffSchedule(
    $user: ID!
    $location: ID!
    $program: ID
    $start_date: String!
    $end_date: String
    $start_time: String!
    $end_time: String!
    $days: [String!]
    $repeat: String
    $note: String
  ) {
    createStaffSchedule(
      user: $user
      location: $location
      program: $program
      start_date: $start_date
      end_date: $end_date
      start_time: $start_time
      end_time: $end_time
      days: $days
      repeat: $repeat
      note: $note
    ) {
      status
      message
      color
      schedule {
        id
      }
    }
  }
`;

export const UpdateStaffScheduleMutation = gql<SchedulesUpdateStaffScheduleMutation, SchedulesUpdateStaffScheduleMutationVariables>`
  mutation SchedulesUpdateStaffSchedule(
    $id: ID!
    $program: ID
    $start_date: String
    $end_date: String
    $start_time: String
    $end_time: String
    $days: [String!]
    $repeat: String
    $note: String
  ) {
    updateStaffSchedule(
      id: $id
      program: $program
      start_date: $start_date
      end_date: $end_date
      start_time: $start_time
      end_time: $end_time
      days: $days
      repeat: $repeat
      note: $note
    ) {
      status
      message
      color
      schedule {
        id
      }
    }
  }
`;

export const RemoveStaffScheduleMutation = gql<SchedulesRemoveStaffScheduleMutation, SchedulesRemoveStaffScheduleMutationVariables>`
  mutation SchedulesRemoveStaffSchedule($id: ID!) {
    removeStaffSchedule(id: $id) {
      status
      message
      color
    }
  }
`;

export const CreatePtoMutation = gql<SchedulesCreatePtoMutation, SchedulesCreatePtoMutationVariables>`
  mutation SchedulesCreatePto(
    $user: ID
    $location: ID!
    $start_date: String!
    $end_date: String!
    $hours: Float!
    $type: String!
    $note: String
  ) {
    createStaffPto(
      user: $user
      location: $location
      start_date: $start_date
      end_date: $end_date
      hours: $hours
      type: $type
      note: $note
    ) {
      status
      message
      color
      pto {
        id
        status
      }
    }
  }
`;

export const ApprovePtoMutation = gql<SchedulesApprovePtoMutation, SchedulesApprovePtoMutationVariables>`
  mutation SchedulesApprovePto($id: ID!) {
    approveStaffPto(id: $id) {
      status
      message
      color
      pto {
        id
        status
      }
    }
  }
`;

export const RemovePtoMutation = gql<SchedulesRemovePtoMutation, SchedulesRemovePtoMutationVariables>`
  mutation SchedulesRemovePto($id: ID!) {
    removeStaffPto(id: $id) {
      status
      message
      color
    }
  }
`;

export const CreateStaffAbsenceMutation = gql<SchedulesCreateStaffAbsenceMutation, SchedulesCreateStaffAbsenceMutationVariables>`
  mutation SchedulesCreateStaffAbsence($user: ID!, $location: ID!, $date: String!, $reason: String, $note: String) {
    createStaffAbsence(user: $user, location: $location, date: $date, reason: $reason, note: $note) {
      status
      message
      color
      absence {
        id
      }
    }
  }
`;

export const RemoveStaffAbsenceMutation = gql<SchedulesRemoveStaffAbsenceMutation, SchedulesRemoveStaffAbsenceMutationVariables>`
  mutation SchedulesRemoveStaffAbsence($id: ID!) {
    removeStaffAbsence(id: $id) {
      status
      message
      color
    }
  }
`;
