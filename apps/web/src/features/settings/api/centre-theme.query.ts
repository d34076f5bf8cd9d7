import type { GraphqlDocument } from '../../../lib/graphql-post';
import type { SettingsCentreThemeQuery, SettingsCentreThemeQueryVariables } from '../../../graphql/generated/tenant-api';

/** What the shell applies on every page, the sign-in page too (posted without urql, see CentreThemeSync). */
export const CENTRE_THEME_DOCUMENT = `
  query SettingsCentreTheme {
    getThemeSetting {
      theme_color
      set_title
      theme_mode
      collapse_sidebar
      app_logo
      login_page_image
      top_bar_title
    }
  }
` as GraphqlDocument<SettingsCentreThemeQuery, SettingsCentreThemeQueryVariables>;
