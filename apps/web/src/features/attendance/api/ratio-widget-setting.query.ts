import { gql } from '@urql/core';

/** The centre's theme setting that puts the room ratio widget on the manager dashboard. */
export const RatioWidgetSettingQuery = gql<{ getThemeSetting: { show_room_ration_widget: boolean } }, Record<string, never>>`
  query AttendanceRatioWidgetSetting {
    getThemeSetting {
      show_room_ration_widget
    }
  }
`;
