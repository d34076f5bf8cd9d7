import { gql } from '@urql/core';
import { ScheduleFields, type NoticeData, type ScheduleData } from './fragments';
import type {
  SetupCreateScheduleMutation,
  SetupCreateScheduleMutationVariables,
  SetupDeleteScheduleMutation,
  SetupDeleteScheduleMutationVariables,
  SetupUpdateScheduleMutation,
  SetupUpdateScheduleMutationVariables,
} from '../../../graphql/generated/tenant-api';

export type ScheduleResultData = NoticeData & { schedule: ScheduleData | null };

export const CreateScheduleMutation = gql<SetupCreateScheduleMutation, SetupCreateScheduleMutationVariables>`
  mutation SetupCreateSchedule($location_id: ID!, $name: String!, $status: Boolean, $scheduledates: [ScheduleDateInput!]!) {
    createSchedule(location_id: $location_id, name: $name, status: $status, scheduledates: $scheduledates) {
      status
      message
      color
      schedule {
        ...SetupScheduleFields
      }
    }
  }
  ${ScheduleFields}
`;

export const UpdateScheduleMutation = gql<SetupUpdateScheduleMutation, SetupUpdateScheduleMutationVariables>`
  mutation SetupUpdateSchedule($id: ID!, $name: String, $status: Boolean, $scheduledates: [ScheduleDateInput!]) {
    updateSchedule(id: $id, name: $name, status: $status, scheduledates: $scheduledates) {
      status
      message
      color
      schedule {
        ...SetupScheduleFields
      }
    }
  }
  ${ScheduleFields}
`;

export const DeleteScheduleMutation = gql<SetupDeleteScheduleMutation, SetupDeleteScheduleMutationVariables>`
  mutation SetupDeleteSchedule($id: ID!) {
    deleteSchedule(id: $id) {
      status
      message
      color
    }
  }
`;
