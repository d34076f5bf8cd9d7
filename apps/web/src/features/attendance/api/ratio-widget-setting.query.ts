import { gql } from '@urql/core';
import type { AttendanceRatioWidgetSettingQuery, AttendanceRatioWidgetSettingQueryVariables } from '../../../graphql/generated/tenant-api';

/** The centre's theme setting that puts the room ratio widget on the manager dashboard. */
export const RatioWidgetSettingQuery = gql<AttendanceRatioWidgetSettingQuery, AttendanceRatioWidgetSettingQueryVariables>`
  query AttendanceRatioWidgetSetting {
    getThemeSetting {
      show_room_ration_widget
    }
  }
`;
