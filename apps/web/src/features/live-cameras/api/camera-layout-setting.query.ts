import { gql } from '@urql/core';
import type { CamerasLayoutSettingQuery, CamerasLayoutSettingQueryVariables } from '../../../graphql/generated/tenant-api';

/** The centre's camera page layout (Theme settings' camera_module_setting: grid, list, or null for grid). */
export const CameraLayoutSettingQuery = gql<CamerasLayoutSettingQuery, CamerasLayoutSettingQueryVariables>`
  query CamerasLayoutSetting {
    getThemeSetting {
      camera_module_setting
    }
  }
`;
