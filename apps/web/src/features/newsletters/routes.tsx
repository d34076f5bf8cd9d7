import type { RouteObject } from 'react-router-dom';
import type { PermissionName } from '@kv/shared';
import { lazyPage } from '../../lib/lazy-page';
import type { CentreKind } from '../../lib/menu';
import { paths, type PathName } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-handle';

const PERMISSIONS: readonly PermissionName[] = ['announcements.manage'];

function route(path: PathName, title: string, lazyRoute: NonNullable<RouteObject['lazy']>, parent?: PathName): RouteObject {
  const handle: RouteHandle = {
    access: { role: 'manager', permissions: PERMISSIONS },
    title,
    ...(parent ? { parents: [{ title: 'shell:menu.newsletters', path: parent }] } : {}),
  };
  return { path: paths[path].pattern, handle, lazy: lazyRoute };
}

/** Newsletters (managers with announcements.manage): the list with its Templates tab, the editor, the unsubscribed lists. */
export function newslettersRoutes(kind: CentreKind | null): RouteObject[] {
  void kind;
  const editor = lazyPage(() => import('./pages/newsletter-editor.page'), 'NewsletterEditorPage');
  return [
    route('newsletters', 'shell:menu.newsletters', lazyPage(() => import('./pages/newsletters.page'), 'NewslettersPage')),
    route('newsletterEdit', 'newsletters:editor.edit', editor, 'newsletters'),
    route('newsletterNew', 'newsletters:editor.new', editor, 'newsletters'),
    route('unsubscribedEmails', 'newsletters:unsubscribed.emails', lazyPage(() => import('./pages/unsubscribed.page'), 'UnsubscribedEmailsPage')),
    route('unsubscribedSms', 'newsletters:unsubscribed.sms', lazyPage(() => import('./pages/unsubscribed.page'), 'UnsubscribedSmsPage')),
  ];
}
