import { gql } from '@urql/core';
import type { PersonData } from './fragments';
import type {
  AttendanceActivateTimeclockLinkMutation,
  AttendanceActivateTimeclockLinkMutationVariables,
  AttendanceGenerateTimeclockLinkMutation,
  AttendanceGenerateTimeclockLinkMutationVariables,
  AttendanceSaveTeamMutation,
  AttendanceSaveTeamMutationVariables,
  AttendanceSignTimeclockMutation,
  AttendanceSignTimeclockMutationVariables,
  AttendanceTeamQuery,
  AttendanceTeamQueryVariables,
  AttendanceTimeclockLinkQuery,
  AttendanceTimeclockLinkQueryVariables,
  AttendanceTimeclockLocationQuery,
  AttendanceTimeclockLocationQueryVariables,
} from '../../../graphql/generated/tenant-api';

export type TeamAction = 'check_in' | 'check_out' | 'break_start' | 'break_end' | 'move';

export interface TeamMemberData {
  user: PersonData;
  state: 'clocked_in' | 'on_break' | 'elsewhere' | 'not_in';
  record_id: string | null;
  program_id: string | null;
  program: { id: string; name: string } | null;
  break_started_at: string | null;
  hours_today: number;
  record: { id: string; start_time: string } | null;
}

export const TeamAttendanceQuery = gql<AttendanceTeamQuery, AttendanceTeamQueryVariables>`
  query AttendanceTeam($location_id: ID!, $page: Int, $first: Int) {
    getTeamAttendance(location_id: $location_id, page: $page, first: $first) {
      data {
        user {
          id
          full_name
        }
        state
        record_id
        program_id
        program {
          id
          name
        }
        break_started_at
        hours_today
        record {
          id
          start_time
        }
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
      date
    }
  }
`;

export interface TeamPunchResultData {
  status: boolean;
  message: string;
  color: string;
  type: string;
  results: { user_id: string; status: boolean; type: string; message: string }[];
}

export const SaveTeamAttendanceMutation = gql<AttendanceSaveTeamMutation, AttendanceSaveTeamMutationVariables>`
  mutation AttendanceSaveTeam($team: [ID!], $action: TeamAttendanceAction, $program_id: ID, $location_id: ID, $request_id: String) {
    saveTeamAttendance(team: $team, action: $action, program_id: $program_id, location_id: $location_id, request_id: $request_id) {
      status
      message
      color
      type
      results {
        user_id
        status
        type
        message
      }
    }
  }
`;

export interface TimeclockLinkData {
  location_id: string;
  url: string;
  token: string;
  active: boolean;
  status: string;
  generated_at: string;
}

const LinkFields = gql`
  fragment AttendanceTimeclockLinkFields on TimeclockLink {
    location_id
    url
    token
    active
    status
    generated_at
  }
`;

export const TimeclockLinkQuery = gql<AttendanceTimeclockLinkQuery, AttendanceTimeclockLinkQueryVariables>`
  query AttendanceTimeclockLink($location_id: ID!) {
    getTimeclockLink(location_id: $location_id) {
      ...AttendanceTimeclockLinkFields
    }
  }
  ${LinkFields}
`;

export const GenerateTimeclockLinkMutation = gql<AttendanceGenerateTimeclockLinkMutation, AttendanceGenerateTimeclockLinkMutationVariables>`
  mutation AttendanceGenerateTimeclockLink($location_id: ID!) {
    generateTimeclockLink(location_id: $location_id) {
      status
      message
      color
      link {
        ...AttendanceTimeclockLinkFields
      }
    }
  }
  ${LinkFields}
`;

export const ActivateTimeclockLinkMutation = gql<AttendanceActivateTimeclockLinkMutation, AttendanceActivateTimeclockLinkMutationVariables>`
  mutation AttendanceActivateTimeclockLink($location_id: ID!, $active: Boolean!) {
    activateTimeclockLink(location_id: $location_id, active: $active) {
      status
      message
      color
      link {
        ...AttendanceTimeclockLinkFields
      }
    }
  }
  ${LinkFields}
`;

export interface TimeclockLocationData {
  location_id: string;
  name: string;
  timezone: string;
  active: boolean;
  rooms: { id: string; name: string; color_code: string | null }[];
}

export const TimeclockLocationQuery = gql<AttendanceTimeclockLocationQuery, AttendanceTimeclockLocationQueryVariables>`
  query AttendanceTimeclockLocation($token: String!) {
    getTimeclockLocation(token: $token) {
      location_id
      name
      timezone
      active
      rooms {
        id
        name
        color_code
      }
    }
  }
`;

export interface TimeclockSignData {
  status: boolean;
  message: string;
  color: string;
  type: string;
  replayed: boolean;
  staff: { id: string; full_name: string };
  time: string;
}

export const SignTimeclockMutation = gql<AttendanceSignTimeclockMutation, AttendanceSignTimeclockMutationVariables>`
  mutation AttendanceSignTimeclock($token: String!, $pin: String!, $action: TeamAttendanceAction, $program_id: ID, $request_id: String) {
    signTimeclock(token: $token, pin: $pin, action: $action, program_id: $program_id, request_id: $request_id) {
      status
      message
      color
      type
      replayed
      staff {
        id
        full_name
      }
      time
    }
  }
`;
