import { gql } from '@urql/core';
import type {
  CalendarBirthdaysQuery,
  CalendarBirthdaysQueryVariables,
  CalendarCalendarsQuery,
  CalendarCalendarsQueryVariables,
  CalendarEventsQuery,
  CalendarEventsQueryVariables,
  CalendarLocationQuery,
  CalendarLocationQueryVariables,
  CalendarTeamQuery,
  CalendarTeamQueryVariables,
} from '../../../graphql/generated/tenant-api';

export const EventFields = gql`
  fragment CalendarEventFields on Event {
    id
    name
    details
    date
    start_time
    end_time
    full_day
    recursing
    recursive_id
    days
    until
    location
    is_public
    calendar_id
    programs {
      id
      name
    }
  }
`;

/** The current location's rooms and time zone (events are on its clock). */
export const LocationQuery = gql<CalendarLocationQuery, CalendarLocationQueryVariables>`
  query CalendarLocation($id: ID!) {
    location(id: $id) {
      id
      name
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

export const CalendarsQuery = gql<CalendarCalendarsQuery, CalendarCalendarsQueryVariables>`
  query CalendarCalendars($location: ID) {
    getCalendars(location: $location) {
      id
      name
      is_public
      location
      google_status
    }
  }
`;

/** Every occurrence of the visible range. */
export const EventsQuery = gql<CalendarEventsQuery, CalendarEventsQueryVariables>`
  query CalendarEvents($location: ID, $programs: [ID!], $date: String!, $to: String) {
    filterEvents(location: $location, program_ids: $programs, date: $date, to: $to) {
      ...CalendarEventFields
    }
  }
  ${EventFields}
`;

export const TeamQuery = gql<CalendarTeamQuery, CalendarTeamQueryVariables>`
  query CalendarTeam($location: ID, $from: String!, $to: String) {
    getTeamCalendar(location: $location, from: $from, to: $to) {
      shifts {
        id
        user {
          id
          fname
          lname
        }
        date
        start
        end
      }
    }
  }
`;

export const BirthdaysQuery = gql<CalendarBirthdaysQuery, CalendarBirthdaysQueryVariables>`
  query CalendarBirthdays($location: ID, $from: String!, $to: String) {
    getBirthdayEvents(location: $location, from: $from, to: $to) {
      id
      student_id
      name
      date
      age
    }
  }
`;
