import { gql } from '@urql/core';
import { ThemeSettingFields, type ThemeSettingData } from './theme-setting.fragment';

export const ThemeSettingQuery = gql<{ getThemeSetting: ThemeSettingData }, Record<string, never>>`
  query SettingsThemeSetting {
    getThemeSetting {
      ...ThemeSettingFields
    }
  }
  ${ThemeSettingFields}
`;
