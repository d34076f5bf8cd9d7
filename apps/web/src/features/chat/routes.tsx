import type { RouteObject } from 'react-router-dom';
import type { PermissionName, RoleName } from '@kv/shared';
import { lazyPage } from '../../lib/lazy-page';
import type { CentreKind } from '../../lib/menu';
import { paths, type PathName } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-handle';

/** Staff need messages.send for every chat operation (authorization matrix); parents their relation. */
const SEND: readonly PermissionName[] = ['messages.send'];

function route(path: PathName, role: RoleName, title: string, permissions: readonly PermissionName[], lazyRoute: NonNullable<RouteObject['lazy']>): RouteObject {
  const handle: RouteHandle = { access: permissions.length ? { role, permissions } : { role }, title };
  return { path: paths[path].pattern, handle, lazy: lazyRoute };
}

/** Chat (translations in the `chat` namespace): parents' /messages, staff's /messages-log. */
export function chatRoutes(kind: CentreKind | null): RouteObject[] {
  void kind;
  return [
    route('messages', 'user', 'shell:menu.messages', [], lazyPage(() => import('./pages/messages.page'), 'MessagesPage')),
    route('messagesLog', 'teacher', 'shell:menu.messagesLog', SEND, lazyPage(() => import('./pages/messages-log.page'), 'MessagesLogPage')),
  ];
}
