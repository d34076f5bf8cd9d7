import { gql } from '@urql/core';

/** The centre's camera page layout (Theme settings' camera_module_setting: grid, list, or null for grid). */
export const CameraLayoutSettingQuery = gql<{ getThemeSetting: { camera_module_setting: string | null } }, Record<string, never>>`
  query CamerasLayoutSetting {
    getThemeSetting {
      camera_module_setting
    }
  }
`;
