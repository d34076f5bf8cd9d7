import type { RouteObject } from 'react-router-dom';
import type { CentreKind } from '../../lib/menu';

/** The centre-setup screens (translations in the `setup` namespace). */
export function setupRoutes(kind: CentreKind | null): RouteObject[] {
  void kind;
  return [];
}
