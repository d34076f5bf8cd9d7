import { gql } from '@urql/core';

export const ThemeSettingFields = gql`
  fragment ThemeSettingFields on ThemeSetting {
    theme_color
    set_title
    theme_mode
    collapse_sidebar
    app_logo
    login_page_image
    top_bar_title
    show_room_ration_widget
    camera_module_setting
  }
`;

export interface ThemeSettingData {
  theme_color: string | null;
  set_title: string | null;
  theme_mode: string;
  collapse_sidebar: boolean;
  app_logo: string | null;
  login_page_image: string | null;
  top_bar_title: string | null;
  show_room_ration_widget: boolean;
  camera_module_setting: string | null;
}
