import { gql } from '@urql/core';
import type { AttendanceRecordHistoryQuery, AttendanceRecordHistoryQueryVariables } from '../../../graphql/generated/tenant-api';

export interface HistoryEntryData {
  id: string;
  action: string;
  summary: string;
  changes: { field: string; old_value: string | null; new_value: string | null }[];
  actor_name: string | null;
  by_support: boolean;
  reason: string | null;
  created_at: string;
}

/** The audit trail of one record: check-in, check-out and every correction with who, when and why. */
export const AttendanceHistoryQuery = gql<AttendanceRecordHistoryQuery, AttendanceRecordHistoryQueryVariables>`
  query AttendanceRecordHistory($id: ID!, $page: Int, $first: Int) {
    getAttendanceHistory(id: $id, page: $page, first: $first) {
      data {
        id
        action
        summary
        changes {
          field
          old_value
          new_value
        }
        actor_name
        by_support
        reason
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
