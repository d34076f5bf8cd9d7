import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-page';
import type { CentreKind } from '../../lib/menu';
import { paths, type PathName } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-handle';

/** Staff billing: managers holding billing.manage (the API checks the same in the matrix, scoped to their locations). */
export const BILLING_STAFF = { role: 'manager', permissions: ['billing.manage'] } as const;
/** Pages that list the location's children (Query.students) also need students.view. */
const WITH_STUDENTS = { role: 'manager', permissions: ['billing.manage', 'students.view'] } as const;

const T = (key: string) => `billing:titles.${key}`;
const BILLING_PARENT = [{ title: T('billing'), path: 'billing' as PathName }] as const;

function route(
  path: PathName,
  title: string,
  lazy: NonNullable<RouteObject['lazy']>,
  parents: RouteHandle['parents'] = BILLING_PARENT,
  access: RouteHandle['access'] = BILLING_STAFF,
): RouteObject {
  const handle: RouteHandle = { access, title: T(title), parents };
  return { path: paths[path].pattern, handle, lazy };
}

const overview = () => import('./pages/overview.page');
const students = () => import('./pages/students.page');
const settings = () => import('./pages/settings.page');
const reports = () => import('./pages/reports.page');
const student = () => import('./pages/student.page');

/**
 * The staff billing screens (translations in the `billing` namespace): /billing and its children,
 * the five /report-* pages, /billing_programs and a child's account (/billing/student/:studentId
 * and its 9 sections). Subsidies, agencies and the parents' pages are other features'.
 */
export function billingRoutes(kind: CentreKind | null): RouteObject[] {
  void kind;
  return [
    route('billing', 'billing', lazyPage(overview, 'BillingOverviewPage'), []),
    route('billingOverview', 'billingOverview', lazyPage(overview, 'BillingOverviewPage')),
    route('billingOverviewUnpaid', 'billingOverviewUnpaid', lazyPage(overview, 'BillingUnpaidPage')),
    route('billingOverviewPayments', 'billingOverviewPayments', lazyPage(overview, 'BillingPaymentsPage')),
    route('billingStudents', 'billingStudents', lazyPage(students, 'BillingStudentsPage'), BILLING_PARENT, WITH_STUDENTS),
    route(
      'billingStudentsOverview',
      'billingStudentsOverview',
      lazyPage(students, 'BillingStudentsOverviewPage'),
      BILLING_PARENT,
      WITH_STUDENTS,
    ),
    route('billingStudentsPlans', 'billingStudentsPlans', lazyPage(students, 'BillingStudentsPlansPage'), BILLING_PARENT, WITH_STUDENTS),
    route('billingSettings', 'billingSettings', lazyPage(settings, 'BillingSettingsPage')),
    route('billingSettingsManagePresets', 'billingSettingsManagePresets', lazyPage(settings, 'BillingPresetsPage')),
    route('billingSettingsVariableCharges', 'billingSettingsVariableCharges', lazyPage(settings, 'BillingVariableChargesPage')),
    route('billingSettingsCategories', 'billingSettingsCategories', lazyPage(settings, 'BillingCategoriesPage')),
    route('billingSettingsPlanTemplates', 'billingSettingsPlanTemplates', lazyPage(settings, 'BillingTemplatesPage')),
    route('billingBillingReports', 'billingBillingReports', lazyPage(reports, 'BillingReportsPage')),
    route('reportBalance', 'reportBalance', lazyPage(reports, 'BalanceReportPage')),
    route('reportTransactions', 'reportTransactions', lazyPage(reports, 'TransactionReportPage')),
    route('reportInvoices', 'reportInvoices', lazyPage(reports, 'InvoiceReportPage')),
    route('reportPayments', 'reportPayments', lazyPage(reports, 'PaymentReportPage')),
    route('reportBillingSummary', 'reportBillingSummary', lazyPage(reports, 'SummaryReportPage')),
    route(
      'billingPrograms',
      'billingPrograms',
      lazyPage(() => import('./pages/billing-programs.page'), 'BillingProgramsPage'),
      [],
      WITH_STUDENTS,
    ),
    route('billingStudent', 'billingStudent', lazyPage(student, 'StudentOverviewPage')),
    route('billingStudentOverview', 'billingStudentOverview', lazyPage(student, 'StudentOverviewPage')),
    route('billingStudentOpenInvoices', 'billingStudentOpenInvoices', lazyPage(student, 'StudentOpenInvoicesPage')),
    route('billingStudentAvailableCredits', 'billingStudentAvailableCredits', lazyPage(student, 'StudentCreditsPage')),
    route('billingStudentInvoices', 'billingStudentInvoices', lazyPage(student, 'StudentInvoicesPage')),
    route('billingStudentPayments', 'billingStudentPayments', lazyPage(student, 'StudentPaymentsPage')),
    route('billingStudentUpcomingInvoices', 'billingStudentUpcomingInvoices', lazyPage(student, 'StudentUpcomingPage')),
    route('billingStudentAccountDetail', 'billingStudentAccountDetail', lazyPage(student, 'StudentAccountDetailPage')),
    route('billingStudentPlansDetail', 'billingStudentPlansDetail', lazyPage(student, 'StudentPlansPage')),
    route('billingStudentPayersDetail', 'billingStudentPayersDetail', lazyPage(student, 'StudentPayersPage')),
  ];
}
