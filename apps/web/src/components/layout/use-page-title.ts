import { useMatches } from 'react-router-dom';
import { isRouteHandle } from '../../lib/route-handle';

/** The i18n key of the deepest matched route's title. */
export function usePageTitleKey(): string | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]!.handle;
    if (isRouteHandle(handle) && handle.title) return handle.title;
  }
  return null;
}
