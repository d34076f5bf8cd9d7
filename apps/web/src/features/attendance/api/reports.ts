import { gql } from '@urql/core';
import type { PersonData } from './fragments';
import type {
  AttendanceExportReportQuery,
  AttendanceExportReportQueryVariables,
  AttendanceStaffActivityQuery,
  AttendanceStaffActivityQueryVariables,
  AttendanceStaffHoursQuery,
  AttendanceStaffHoursQueryVariables,
  AttendanceStaffTimeTrackingQuery,
  AttendanceStaffTimeTrackingQueryVariables,
  AttendanceStudentAttendanceQuery,
  AttendanceStudentAttendanceQueryVariables,
  AttendanceStudentDailyHoursQuery,
  AttendanceStudentDailyHoursQueryVariables,
  AttendanceStudentHoursQuery,
  AttendanceStudentHoursQueryVariables,
  AttendanceSummaryReportQuery,
  AttendanceSummaryReportQueryVariables,
} from '../../../graphql/generated/tenant-api';

/** Filters every report takes (local dates of the location, YYYY-MM-DD). */
export interface ReportVars {
  location_id: string;
  from: string;
  to: string;
  program_id?: string | null;
  user_ids?: string[] | null;
  student_ids?: string[] | null;
  page?: number;
  first?: number;
}

const PAGE = `paginatorInfo {
  currentPage
  lastPage
  perPage
  total
}`;

export interface StaffHoursRowData {
  user_id: string;
  user: PersonData;
  days_worked: number;
  total_hours: number;
  break_minutes: number;
  average_hours: number;
}
export const StaffHoursQuery = gql<AttendanceStaffHoursQuery, AttendanceStaffHoursQueryVariables>`
  query AttendanceStaffHours($location_id: ID!, $from: String!, $to: String!, $user_ids: [ID!], $program_id: ID, $page: Int, $first: Int) {
    getStaffHoursReport(location_id: $location_id, from: $from, to: $to, user_ids: $user_ids, program_id: $program_id, page: $page, first: $first) {
      data {
        user_id
        user {
          id
          full_name
        }
        days_worked
        total_hours
        break_minutes
        average_hours
      }
      ${PAGE}
      total_hours
    }
  }
`;

export interface DayHoursData {
  date: string;
  hours: number;
  break_minutes: number;
  first_in_local: string | null;
  last_out_local: string | null;
  open: boolean;
}
export interface StaffTimeRowData {
  user_id: string;
  user: PersonData;
  total_hours: number;
  break_minutes: number;
  days: DayHoursData[];
}
export const StaffTimeTrackingQuery = gql<AttendanceStaffTimeTrackingQuery, AttendanceStaffTimeTrackingQueryVariables>`
  query AttendanceStaffTimeTracking($location_id: ID!, $from: String!, $to: String!, $user_ids: [ID!], $program_id: ID, $page: Int, $first: Int) {
    getStaffTimeTrackingReport(location_id: $location_id, from: $from, to: $to, user_ids: $user_ids, program_id: $program_id, page: $page, first: $first) {
      result {
        user_id
        user {
          id
          full_name
        }
        total_hours
        break_minutes
        days {
          date
          hours
          break_minutes
          first_in_local
          last_out_local
          open
        }
      }
      ${PAGE}
      total_overall_hours
      total_employees
    }
  }
`;

export interface StudentDayRowData {
  student_id: string;
  fname: string;
  lname: string;
  date: string;
  hours: number;
  first_in_local: string | null;
  last_out_local: string | null;
  open: boolean;
}
export const StudentDailyHoursQuery = gql<AttendanceStudentDailyHoursQuery, AttendanceStudentDailyHoursQueryVariables>`
  query AttendanceStudentDailyHours($location_id: ID!, $from: String!, $to: String!, $student_ids: [ID!], $program_id: ID, $page: Int, $first: Int) {
    getStudentDailyHoursReport(location_id: $location_id, from: $from, to: $to, student_ids: $student_ids, program_id: $program_id, page: $page, first: $first) {
      data {
        student_id
        fname
        lname
        date
        hours
        first_in_local
        last_out_local
        open
      }
      ${PAGE}
      total_hours
    }
  }
`;

export interface StudentHoursRowData {
  student_id: string;
  fname: string;
  lname: string;
  days_attended: number;
  total_hours: number;
  average_hours: number;
}
export const StudentHoursQuery = gql<AttendanceStudentHoursQuery, AttendanceStudentHoursQueryVariables>`
  query AttendanceStudentHours($location_id: ID!, $from: String!, $to: String!, $student_ids: [ID!], $program_id: ID, $page: Int, $first: Int) {
    getStudentHoursReport(location_id: $location_id, from: $from, to: $to, student_ids: $student_ids, program_id: $program_id, page: $page, first: $first) {
      data {
        student_id
        fname
        lname
        days_attended
        total_hours
        average_hours
      }
      ${PAGE}
      total_hours
    }
  }
`;

export interface StaffActivityRowData {
  at: string;
  at_local: string | null;
  user_id: string;
  user: PersonData;
  kind: string;
  detail: string | null;
  room: string | null;
}
export const StaffActivityQuery = gql<AttendanceStaffActivityQuery, AttendanceStaffActivityQueryVariables>`
  query AttendanceStaffActivity($location_id: ID!, $from: String!, $to: String!, $user_ids: [ID!], $page: Int, $first: Int) {
    getStaffActivityReport(location_id: $location_id, from: $from, to: $to, user_ids: $user_ids, page: $page, first: $first) {
      data {
        at
        at_local
        user_id
        user {
          id
          full_name
        }
        kind
        detail
        room
      }
      ${PAGE}
    }
  }
`;

export interface SummaryDayData {
  date: string;
  children_present: number;
  child_hours: number;
  absences: number;
  staff_present: number;
  staff_hours: number;
}
export const AttendanceSummaryQuery = gql<AttendanceSummaryReportQuery, AttendanceSummaryReportQueryVariables>`
  query AttendanceSummaryReport($location_id: ID!, $from: String!, $to: String!, $program_id: ID) {
    getAttendanceSummary(location_id: $location_id, from: $from, to: $to, program_id: $program_id) {
      days {
        date
        children_present
        child_hours
        absences
        staff_present
        staff_hours
      }
      totals {
        date
        children_present
        child_hours
        absences
        staff_present
        staff_hours
      }
    }
  }
`;

export interface StudentAttendanceRowData {
  id: string;
  student_id: string;
  fname: string;
  lname: string;
  room: string | null;
  date: string;
  check_in_local: string | null;
  check_out_local: string | null;
  hours: number;
  checked_in_by: string | null;
  checked_out_by: string | null;
  check_in_method: string;
  check_out_method: string | null;
  signed_in: boolean;
  signed_out: boolean;
}
export const StudentAttendanceQuery = gql<AttendanceStudentAttendanceQuery, AttendanceStudentAttendanceQueryVariables>`
  query AttendanceStudentAttendance($location_id: ID!, $from: String!, $to: String!, $student_ids: [ID!], $program_id: ID, $page: Int, $first: Int) {
    getStudentAttendanceReport(location_id: $location_id, from: $from, to: $to, student_ids: $student_ids, program_id: $program_id, page: $page, first: $first) {
      data {
        id
        student_id
        fname
        lname
        room
        date
        check_in_local
        check_out_local
        hours
        checked_in_by
        checked_out_by
        check_in_method
        check_out_method
        signed_in
        signed_out
      }
      ${PAGE}
    }
  }
`;

export type ReportKind =
  | 'staff_hours'
  | 'staff_time_tracking'
  | 'timeclock'
  | 'student_daily_hours'
  | 'student_hours'
  | 'staff_activity'
  | 'attendance_summary'
  | 'student_attendance';

export const ExportReportQuery = gql<AttendanceExportReportQuery, AttendanceExportReportQueryVariables>`
  query AttendanceExportReport(
    $report: AttendanceReportKind!
    $location_id: ID!
    $from: String!
    $to: String!
    $program_id: ID
    $user_ids: [ID!]
    $student_ids: [ID!]
  ) {
    exportAttendanceReport(
      report: $report
      location_id: $location_id
      from: $from
      to: $to
      program_id: $program_id
      user_ids: $user_ids
      student_ids: $student_ids
    ) {
      status
      message
      color
      filename
      content_type
      content
    }
  }
`;
