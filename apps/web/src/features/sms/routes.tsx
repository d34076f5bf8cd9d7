import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-handle';

/** SMS replies (/sms-response): managers holding messages.send. */
export function smsRoutes(): RouteObject[] {
  const handle: RouteHandle = { access: { role: 'manager', permissions: ['messages.send'] }, title: 'shell:menu.smsResponse' };
  return [{ path: paths.smsResponse.pattern, handle, lazy: lazyPage(() => import('./pages/sms-responses.page'), 'SmsResponsesPage') }];
}
