import { gql } from '@urql/core';
import { ScheduleFields, type ScheduleData } from './fragments';
import type { SetupSchedulesQuery, SetupSchedulesQueryVariables } from '../../../graphql/generated/tenant-api';

export type ScheduleRow = ScheduleData & { cameras: { id: string; name: string }[] };

export const SchedulesQuery = gql<SetupSchedulesQuery, SetupSchedulesQueryVariables>`
  query SetupSchedules($location_id: ID, $status: Boolean, $page: Int, $first: Int) {
    schedules(location_id: $location_id, status: $status, page: $page, first: $first) {
      data {
        ...SetupScheduleFields
        cameras {
          id
          name
        }
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
  ${ScheduleFields}
`;
