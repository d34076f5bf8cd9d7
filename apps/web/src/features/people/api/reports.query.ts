import { gql } from '@urql/core';
import type {
  PeopleInvitedLogReportQuery,
  PeopleInvitedLogReportQueryVariables,
  PeopleLogReportQuery,
  PeopleLogReportQueryVariables,
  PeopleSignInReportQuery,
  PeopleSignInReportQueryVariables,
} from '../../../graphql/generated/tenant-api';

const PAGINATOR = `
  paginatorInfo {
    currentPage
    lastPage
    perPage
    total
  }
`;

export interface LogReportEntry {
  id: string;
  activity: string;
  entity: string | null;
  entity_id: string | null;
  user: string | null;
  username: string | null;
  by_support: boolean;
  support_ticket: string | null;
  support_mode: string | null;
  created_at: string;
}

export const LogReportQuery = gql<PeopleLogReportQuery, PeopleLogReportQueryVariables>`
  query PeopleLogReport($page: Int, $first: Int, $action: String) {
    getLogReport(page: $page, first: $first, action: $action) {
      data {
        id
        activity
        entity
        entity_id
        user
        username
        by_support
        support_ticket
        support_mode
        created_at
      }
      ${PAGINATOR}
    }
  }
`;

export interface InvitedLogEntry {
  id: string;
  name: string;
  username: string;
  channel: string;
  recipient: string;
  delivery_status: string;
  pending: boolean;
  created_at: string;
  sent_at: string | null;
}

export const InvitedLogReportQuery = gql<PeopleInvitedLogReportQuery, PeopleInvitedLogReportQueryVariables>`
  query PeopleInvitedLogReport($page: Int, $first: Int) {
    getInvitedLogReport(page: $page, first: $first) {
      data {
        id
        name
        username
        channel
        recipient
        delivery_status
        pending
        created_at
        sent_at
      }
      ${PAGINATOR}
    }
  }
`;

export interface SignInEntry {
  id: string;
  name: string | null;
  username: string | null;
  success: boolean;
  reason: string | null;
  device: string | null;
  ip: string | null;
  created_at: string;
}

export const SignInReportQuery = gql<PeopleSignInReportQuery, PeopleSignInReportQueryVariables>`
  query PeopleSignInReport($page: Int, $first: Int) {
    getLogReportAllUser(page: $page, first: $first) {
      data {
        id
        name
        username
        success
        reason
        device
        ip
        created_at
      }
      ${PAGINATOR}
    }
  }
`;
