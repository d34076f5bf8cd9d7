import { gql } from '@urql/core';
import { ScheduleFields, type PaginatorInfoData, type ScheduleData } from './fragments';

export type ScheduleRow = ScheduleData & { cameras: { id: string; name: string }[] };

export const SchedulesQuery = gql<
  { schedules: { data: ScheduleRow[]; paginatorInfo: PaginatorInfoData } },
  { location_id: string | null; status?: boolean | null; page: number; first: number }
>`
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
