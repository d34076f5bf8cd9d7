import type { RouteObject } from 'react-router-dom';
import type { CentreKind } from '../../lib/menu';

/** The people screens (translations in the `people` namespace). */
export function peopleRoutes(kind: CentreKind | null): RouteObject[] {
  void kind;
  return [];
}
