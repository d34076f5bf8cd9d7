import { gql } from '@urql/core';

export interface PaginatorInfoData {
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
}

export interface PersonData {
  id: string;
  full_name: string;
}

export interface AttendanceData {
  id: string;
  /** The room the child was checked into. */
  program_id: string | null;
  start_time: string;
  end_time: string | null;
  hours: number;
  check_in_method: string;
  check_out_method: string | null;
  checkedin_by: PersonData | null;
  checkedout_by: PersonData | null;
}

export interface CheckInChildData {
  id: string;
  full_name: string;
  image: string | null;
  location_id: string;
  program_id: string | null;
  program: { id: string; name: string; color_code: string | null } | null;
  checked_in_out: 'checked_in' | 'checked_out' | 'absent' | 'not_arrived';
  absent: boolean;
  absence_reason: string | null;
  attendance: AttendanceData | null;
}

export interface HealthQuestionData {
  id: string;
  statement: string;
  pass_answer: boolean;
  position: number;
}

export const CheckInChildFields = gql`
  fragment AttendanceCheckInChildFields on CheckInChild {
    id
    full_name
    image
    location_id
    program_id
    program {
      id
      name
      color_code
    }
    checked_in_out
    absent
    absence_reason
    attendance {
      id
      program_id
      start_time
      end_time
      hours
      check_in_method
      check_out_method
      checkedin_by {
        id
        full_name
      }
      checkedout_by {
        id
        full_name
      }
    }
  }
`;

export const HealthQuestionFields = gql`
  fragment AttendanceHealthQuestionFields on HealthQuestion {
    id
    statement
    pass_answer
    position
  }
`;

export interface CheckInResultData {
  status: boolean;
  message: string;
  color: string;
  type: string;
  program_status: string;
  results: { student_id: string; status: boolean; type: string; message: string; replayed: boolean; student: { full_name: string } }[];
}
