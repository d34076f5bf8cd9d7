import type { RouteObject } from 'react-router-dom';
import type { CentreKind } from '../../lib/menu';

/** The attendance screens (translations in the `attendance` namespace). */
export function attendanceRoutes(kind: CentreKind | null): RouteObject[] {
  void kind;
  return [];
}
