import { gql } from '@urql/core';
import type { PaginatorInfoData, PersonData } from './fragments';

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

export const TeamAttendanceQuery = gql<
  { getTeamAttendance: { data: TeamMemberData[]; paginatorInfo: PaginatorInfoData; date: string } },
  { location_id: string; page?: number; first?: number }
>`
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

export const SaveTeamAttendanceMutation = gql<
  { saveTeamAttendance: TeamPunchResultData },
  { team?: string[] | null; action: TeamAction; program_id?: string | null; location_id?: string | null; request_id: string }
>`
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

export const TimeclockLinkQuery = gql<{ getTimeclockLink: TimeclockLinkData | null }, { location_id: string }>`
  query AttendanceTimeclockLink($location_id: ID!) {
    getTimeclockLink(location_id: $location_id) {
      ...AttendanceTimeclockLinkFields
    }
  }
  ${LinkFields}
`;

type LinkResult = { status: boolean; message: string; color: string; link: TimeclockLinkData | null };

export const GenerateTimeclockLinkMutation = gql<{ generateTimeclockLink: LinkResult }, { location_id: string }>`
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

export const ActivateTimeclockLinkMutation = gql<{ activateTimeclockLink: LinkResult }, { location_id: string; active: boolean }>`
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

export const TimeclockLocationQuery = gql<{ getTimeclockLocation: TimeclockLocationData }, { token: string }>`
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

export const SignTimeclockMutation = gql<
  { signTimeclock: TimeclockSignData },
  { token: string; pin: string; action?: TeamAction | null; program_id?: string | null; request_id: string }
>`
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
