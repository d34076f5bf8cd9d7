import { gql } from '@urql/core';
import { ThemeSettingFields } from './theme-setting.fragment';
import type { SettingsThemeSettingQuery, SettingsThemeSettingQueryVariables } from '../../../graphql/generated/tenant-api';

export const ThemeSettingQuery = gql<SettingsThemeSettingQuery, SettingsThemeSettingQueryVariables>`
  query SettingsThemeSetting {
    getThemeSetting {
      ...ThemeSettingFields
    }
  }
  ${ThemeSettingFields}
`;
