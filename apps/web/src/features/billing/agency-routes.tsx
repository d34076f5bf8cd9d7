import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-page';
import type { CentreKind } from '../../lib/menu';
import { paths, type PathName } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-handle';

const ACCESS = { role: 'manager', permissions: ['billing.manage'] } as const;
const BILLING = { title: 'shell:features.billing', path: 'billing' } as const;
const SUBSIDIES = { title: 'agencies:subsidies.title', path: 'billingSubsidies' } as const;

const subsidies = lazyPage(() => import('./agencies/pages/subsidies.page'), 'SubsidiesPage');
const account = lazyPage(() => import('./agencies/pages/agency-account.page'), 'AgencyAccountPage');
const overview = lazyPage(() => import('./agencies/pages/agency-overview.page'), 'AgencyOverviewPage');
const invoices = lazyPage(() => import('./agencies/pages/agency-invoices.page'), 'AgencyInvoicesPage');
const payments = lazyPage(() => import('./agencies/pages/agency-payments.page'), 'AgencyPaymentsPage');
const students = lazyPage(() => import('./agencies/pages/agency-students.page'), 'AgencyStudentsPage');
const info = lazyPage(() => import('./agencies/pages/agency-info.page'), 'AgencyInfoPage');
const upcoming = lazyPage(() => import('./agencies/pages/agency-upcoming.page'), 'AgencyUpcomingPage');

/**
 * Subsidy agencies (translations in the `agencies` namespace): the subsidies page with the
 * reconciliation, the agency account, and each agency's overview, invoices, payments, children
 * (authorisations), info and upcoming invoices. Managers with billing.manage.
 */
export function agencyRoutes(kind: CentreKind | null): RouteObject[] {
  void kind;
  const route = (
    path: PathName,
    title: string,
    lazy: NonNullable<RouteObject['lazy']>,
    parents: RouteHandle['parents'] = [BILLING, SUBSIDIES],
  ) => {
    const handle: RouteHandle = { access: ACCESS, title, parents };
    return { path: paths[path].pattern, handle, lazy };
  };
  return [
    route('billingSubsidies', 'agencies:subsidies.title', subsidies, [BILLING]),
    route('billingSubsidiesAgencyAccount', 'shell:titles.agencyAccount', account),
    route('billingAgency', 'agencies:agency.title', overview),
    route('billingAgencyOverview', 'agencies:tabs.overview', overview),
    route('billingAgencyInvoices', 'agencies:tabs.invoices', invoices),
    route('billingAgencyPayments', 'agencies:tabs.payments', payments),
    route('billingAgencyStudents', 'agencies:tabs.students', students),
    route('billingAgencyInfo', 'agencies:tabs.info', info),
    route('billingAgencyUpcomingInvoices', 'agencies:tabs.upcoming', upcoming),
  ];
}
