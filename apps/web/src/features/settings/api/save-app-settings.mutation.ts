import { gql } from '@urql/core';
import { ThemeSettingFields, type ThemeSettingData } from './theme-setting.fragment';
import type { SettingsSaveAppSettingsMutation, SettingsSaveAppSettingsMutationVariables } from '../../../graphql/generated/tenant-api';

export type ThemeSettingInput = Partial<Omit<ThemeSettingData, 'theme_mode' | 'collapse_sidebar' | 'show_room_ration_widget'>> & {
  theme_mode?: string;
  collapse_sidebar?: boolean;
  show_room_ration_widget?: boolean;
};

export const SaveAppSettingsMutation = gql<SettingsSaveAppSettingsMutation, SettingsSaveAppSettingsMutationVariables>`
  mutation SettingsSaveAppSettings($input: ThemeSettingInput!) {
    saveAppSettings(input: $input) {
      status
      message
      color
      setting {
        ...ThemeSettingFields
      }
    }
  }
  ${ThemeSettingFields}
`;
