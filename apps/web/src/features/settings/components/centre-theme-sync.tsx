import { useEffect } from 'react';
import { requestGraphql } from '../../../lib/graphql-post';
import { useSessionSnapshot, useThemeControls } from '../../../lib/shell-context';
import { CENTRE_THEME_DOCUMENT } from '../api/centre-theme.query';

/**
 * Applies the centre's theme settings (they answer guests too, so the sign-in page is branded),
 * again whenever the user changes: signing out drops the user's own theme choice.
 */
export function CentreThemeSync() {
  const { applyCentreSetting } = useThemeControls();
  const userId = useSessionSnapshot().user?.id ?? null;
  useEffect(() => {
    let current = true;
    void requestGraphql(CENTRE_THEME_DOCUMENT, {}).then(({ data }) => {
      if (current && data?.getThemeSetting) applyCentreSetting(data.getThemeSetting);
    });
    return () => {
      current = false;
    };
  }, [userId, applyCentreSetting]);
  return null;
}
