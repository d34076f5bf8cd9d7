import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-page';
import type { CentreKind } from '../../lib/menu';
import { paths } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-handle';

/**
 * The paying parent's billing pages (translations in the `billingParent` namespace, the pets
 * overlay on pet centres): /user/students/billing (balance, invoices line by line, autopay,
 * paying a share by card) and /user/students/billing2 (cards through Stripe.js, payments waiting
 * for the card's authentication).
 */
export function billingParentRoutes(kind: CentreKind | null): RouteObject[] {
  void kind;
  const access = { role: 'user', permissions: ['billing.view'] } as const;
  const billing: RouteHandle = { access, title: 'billingParent:title' };
  const cards: RouteHandle = { access, title: 'billingParent:cards.title', parents: [{ title: 'billingParent:title', path: 'userStudentsBilling' }] };
  return [
    { path: paths.userStudentsBilling.pattern, handle: billing, lazy: lazyPage(() => import('./parent/pages/billing.page'), 'ParentBillingPage') },
    { path: paths.userStudentsBilling2.pattern, handle: cards, lazy: lazyPage(() => import('./parent/pages/cards.page'), 'ParentCardsPage') },
  ];
}
