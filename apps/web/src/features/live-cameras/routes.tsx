import type { RouteObject } from 'react-router-dom';
import type { CentreKind } from '../../lib/menu';

/** The live-cameras screens (translations in the `cameras` namespace). */
export function liveCameraRoutes(kind: CentreKind | null): RouteObject[] {
  void kind;
  return [];
}
