import { Navigate, type RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

/** Operator sign-in (guest). */
export const operatorGuestRoutes: RouteObject[] = [
  {
    path: paths.login.pattern,
    handle: { access: { role: 'guest' }, title: 'operator:login.title' },
    lazy: lazyPage(() => import('./pages/operator-login.page'), 'OperatorLoginPage'),
  },
  {
    path: paths.demo.pattern,
    handle: { access: { role: 'guest' }, title: 'operator:demo.title' },
    lazy: lazyPage(() => import('./pages/demo-request.page'), 'DemoRequestPage'),
  },
];

/** The operator console: kvsupport reads and supports, admin changes. */
export const operatorRoutes: RouteObject[] = [
  { index: true, handle: { access: { role: 'kvsupport' }, noCrumb: true }, element: <Navigate to={paths.centersList.to()} replace /> },
  {
    path: paths.centersList.pattern,
    handle: { access: { role: 'kvsupport' }, title: 'operator:centres.title' },
    lazy: lazyPage(() => import('./pages/centres.page'), 'CentresPage'),
  },
  {
    path: paths.centreNew.pattern,
    handle: {
      access: { role: 'admin' },
      title: 'operator:addCentre.title',
      parents: [{ title: 'operator:centres.title', path: 'centersList' }],
    },
    lazy: lazyPage(() => import('./pages/centre-new.page'), 'CentreNewPage'),
  },
  {
    path: paths.center.pattern,
    handle: {
      access: { role: 'kvsupport' },
      title: 'operator:centre.title',
      parents: [{ title: 'operator:centres.title', path: 'centersList' }],
    },
    lazy: lazyPage(() => import('./pages/centre-detail.page'), 'CentreDetailPage'),
  },
  {
    path: paths.migrationRuns.pattern,
    handle: { access: { role: 'admin' }, title: 'operator:migrations.title' },
    lazy: lazyPage(() => import('./pages/migration-runs.page'), 'MigrationRunsPage'),
  },
  {
    path: paths.migrationRun.pattern,
    handle: {
      access: { role: 'admin' },
      title: 'operator:migrations.runTitle',
      parents: [{ title: 'operator:migrations.title', path: 'migrationRuns' }],
    },
    lazy: lazyPage(() => import('./pages/migration-run.page'), 'MigrationRunPage'),
  },
  {
    path: paths.sendCustomEmail.pattern,
    handle: { access: { role: 'kvsupport' }, title: 'operator:customEmail.title' },
    lazy: lazyPage(() => import('./pages/send-custom-email.page'), 'SendCustomEmailPage'),
  },
  {
    path: paths.templates.pattern,
    handle: { access: { role: 'admin' }, title: 'operator:newsletters.title' },
    lazy: lazyPage(() => import('./pages/newsletter-templates.page'), 'NewsletterTemplatesPage'),
  },
  {
    path: paths.newsletterNewFromTemplate.pattern,
    handle: { access: { role: 'admin' }, title: 'operator:newsletters.newTitle', parents: [{ title: 'operator:newsletters.title', path: 'templates' }] },
    lazy: lazyPage(() => import('./pages/newsletter-template-editor.page'), 'NewsletterTemplateEditorPage'),
  },
  {
    path: paths.newsletterTemplate.pattern,
    handle: { access: { role: 'admin' }, title: 'operator:newsletters.editTitle', parents: [{ title: 'operator:newsletters.title', path: 'templates' }] },
    lazy: lazyPage(() => import('./pages/newsletter-template-editor.page'), 'NewsletterTemplateEditorPage'),
  },
  {
    path: paths.immunizations.pattern,
    handle: { access: { role: 'kvsupport' }, title: 'operator:immunizations.title' },
    lazy: lazyPage(() => import('./pages/immunizations.page'), 'ImmunizationsPage'),
  },
  {
    path: paths.centerAws.pattern,
    handle: {
      access: { role: 'admin' },
      title: 'operator:backups.backupsTitle',
      parents: [{ title: 'operator:centres.title', path: 'centersList' }],
    },
    lazy: lazyPage(() => import('./pages/centre-aws.page'), 'CentreAwsPage'),
  },
  {
    path: paths.demoRequests.pattern,
    handle: { access: { role: 'admin' }, title: 'operator:demoRequests.title' },
    lazy: lazyPage(() => import('./pages/demo-requests.page'), 'DemoRequestsPage'),
  },
  {
    path: paths.customerWebsites.pattern,
    handle: { access: { role: 'admin' }, title: 'operator:customerWebsites.title' },
    lazy: lazyPage(() => import('./pages/customer-websites.page'), 'CustomerWebsitesPage'),
  },
  {
    path: paths.utilities.pattern,
    handle: { access: { role: 'kvsupport' }, title: 'operator:utilities.title' },
    lazy: lazyPage(() => import('./pages/utilities.page'), 'UtilitiesPage'),
  },
  {
    path: paths.awsCenterDatabases.pattern,
    handle: { access: { role: 'admin' }, title: 'operator:awsDatabases.title' },
    lazy: lazyPage(() => import('./pages/aws-center-databases.page'), 'AwsCenterDatabasesPage'),
  },
  {
    path: paths.centersPlans.pattern,
    handle: { access: { role: 'admin' }, title: 'operator:menu.centersPlans' },
    lazy: lazyPage(() => import('./pages/centers-plans.page'), 'CentersPlansPage'),
  },
  {
    path: paths.centersInvoices.pattern,
    handle: { access: { role: 'admin' }, title: 'operator:menu.centersInvoices' },
    lazy: lazyPage(() => import('./pages/centers-invoices.page'), 'CentersInvoicesPage'),
  },
  {
    path: paths.centersPayments.pattern,
    handle: { access: { role: 'admin' }, title: 'operator:menu.centersPayments' },
    lazy: lazyPage(() => import('./pages/centers-payments.page'), 'CentersPaymentsPage'),
  },
];
