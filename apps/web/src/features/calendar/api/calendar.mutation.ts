import { gql } from '@urql/core';
import type {
  CalendarCreateEventMutation,
  CalendarCreateEventMutationVariables,
  CalendarDeleteEventMutation,
  CalendarDeleteEventMutationVariables,
  CalendarUpdateEventMutation,
  CalendarUpdateEventMutationVariables,
} from '../../../graphql/generated/tenant-api';

export const CreateEventMutation = gql<CalendarCreateEventMutation, CalendarCreateEventMutationVariables>`
  mutation CalendarCreateEvent(
    $name: String
    $calendar: ID
    $details: String
    $date: String!
    $start_time: String
    $end_time: String
    $full_day: Boolean
    $recursing: Boolean
    $days: [String!]
    $until: String
    $programs: [ID!]
  ) {
    createEvent(
      name: $name
      calendar: $calendar
      details: $details
      date: $date
      start_time: $start_time
      end_time: $end_time
      full_day: $full_day
      recursing: $recursing
      days: $days
      until: $until
      programs: $programs
    ) {
      status
      message
      color
      count
    }
  }
`;

export const UpdateEventMutation = gql<CalendarUpdateEventMutation, CalendarUpdateEventMutationVariables>`
  mutation CalendarUpdateEvent(
    $id: ID!
    $scope: String
    $name: String
    $calendar: ID
    $details: String
    $date: String
    $start_time: String
    $end_time: String
    $full_day: Boolean
    $days: [String!]
    $until: String
    $programs: [ID!]
  ) {
    updateEvent(
      id: $id
      scope: $scope
      name: $name
      calendar: $calendar
      details: $details
      date: $date
      start_time: $start_time
      end_time: $end_time
      full_day: $full_day
      days: $days
      until: $until
      programs: $programs
    ) {
      status
      message
      color
      count
    }
  }
`;

export const DeleteEventMutation = gql<CalendarDeleteEventMutation, CalendarDeleteEventMutationVariables>`
  mutation CalendarDeleteEvent($id: ID!, $scope: String) {
    deleteEvent(id: $id, scope: $scope) {
      status
      message
      color
      count
    }
  }
`;
