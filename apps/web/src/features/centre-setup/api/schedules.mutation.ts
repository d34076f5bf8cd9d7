import { gql } from '@urql/core';
import { ScheduleFields, type NoticeData, type ScheduleData } from './fragments';
import type { ScheduleDateInput } from './locations.mutation';

export type ScheduleResultData = NoticeData & { schedule: ScheduleData | null };

export const CreateScheduleMutation = gql<
  { createSchedule: ScheduleResultData },
  { location_id: string; name: string; status: boolean; scheduledates: ScheduleDateInput[] }
>`
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

export const UpdateScheduleMutation = gql<
  { updateSchedule: ScheduleResultData },
  { id: string; name: string; status: boolean; scheduledates: ScheduleDateInput[] }
>`
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

export const DeleteScheduleMutation = gql<{ deleteSchedule: NoticeData }, { id: string }>`
  mutation SetupDeleteSchedule($id: ID!) {
    deleteSchedule(id: $id) {
      status
      message
      color
    }
  }
`;
