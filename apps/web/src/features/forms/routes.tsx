import type { RouteObject } from 'react-router-dom';
import type { PermissionName, RoleName } from '@kv/shared';
import { lazyPage } from '../../lib/lazy-page';
import type { CentreKind } from '../../lib/menu';
import { paths, type PathName } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-handle';

const forms = () => import('./pages/forms.page');
const builder = () => import('./pages/builder.page');
const submissions = () => import('./pages/submissions.page');
const parent = () => import('./pages/parent-forms.page');
const printed = () => import('./pages/printed.page');
const PRINTED = [{ title: 'shell:menu.printedForms', path: 'formsPrintedForms' as PathName }] as const;
const admin = () => import('./pages/web-form-admin.page');
const pages = () => import('./pages/web-form-pages.page');
const submission = () => import('./pages/form-submission.page');
const FORMS = 'shell:menu.webForms';
const PARENT = [{ title: FORMS, path: 'formsWebForms' as PathName }] as const;
/** Forms and entries: staff need forms.manage (authorization matrix). */
const MANAGE: readonly PermissionName[] = ['forms.manage'];

function route(path: PathName, role: RoleName, title: string, lazyRoute: NonNullable<RouteObject['lazy']>, extra: Partial<RouteHandle> = {}): RouteObject {
  const handle: RouteHandle = { access: { role, permissions: role === 'user' ? undefined : MANAGE }, title, ...extra };
  return { path: paths[path].pattern, handle, lazy: lazyRoute };
}

/**
 * Web forms and submissions (translations in the `forms` namespace): the staff list, the manager's
 * builder, share and entries pages, the submissions review, and the parents' forms with the fill
 * page (signature pad); printed PDF forms (list, layout on the PDF, entries, details, staff fill;
 * parents fill them on the web-form page).
 */
export function formsRoutes(kind: CentreKind | null): RouteObject[] {
  void kind;
  return [
    route('forms', 'teacher', FORMS, lazyPage(forms, 'FormsPage'), { noCrumb: true }),
    route('formsWebForms', 'teacher', FORMS, lazyPage(forms, 'FormsPage')),
    route('webFormEdit', 'manager', 'forms:builder.fields', lazyPage(builder, 'WebFormEditPage'), { parents: PARENT }),
    route('webFormShare', 'user', 'forms:builder.share', lazyPage(builder, 'WebFormSharePage'), { parents: PARENT }),
    route('webFormManageEntries', 'manager', 'forms:entries', lazyPage(builder, 'WebFormEntriesPage'), { parents: PARENT }),
    route('submissions', 'manager', 'shell:menu.submissions', lazyPage(submissions, 'SubmissionsPage')),
    route('userStudentsForms', 'user', 'shell:menu.forms', lazyPage(parent, 'ParentFormsPage')),
    route('webForm', 'user', 'forms:fill.title', lazyPage(parent, 'WebFormPage')),
    route('formsPrintedForms', 'teacher', 'shell:menu.printedForms', lazyPage(printed, 'PrintedFormsPage')),
    route('printedForm', 'teacher', 'forms:printed.layout', lazyPage(printed, 'PrintedFormPage'), { parents: PRINTED }),
    route('printedFormManageEntries', 'teacher', 'forms:entries', lazyPage(printed, 'PrintedFormEntriesPage'), { parents: PRINTED }),
    route('printedFormDetails', 'teacher', 'forms:printed.details', lazyPage(printed, 'PrintedFormDetailsPage'), { parents: PRINTED }),
    route('webFormDetails', 'manager', 'forms:admin.details', lazyPage(admin, 'WebFormDetailsPage'), { parents: PARENT }),
    route('webFormNotificationsSettings', 'manager', 'forms:admin.notifications', lazyPage(admin, 'WebFormNotificationsSettingsPage'), { parents: PARENT }),
    route('webFormNotificationsLogs', 'manager', 'forms:admin.notificationLogs', lazyPage(admin, 'WebFormNotificationsLogsPage'), { parents: PARENT }),
    route('webFormAutomationsSettings', 'manager', 'forms:admin.automations', lazyPage(admin, 'WebFormAutomationsSettingsPage'), { parents: PARENT }),
    route('webFormAutomationsLogs', 'manager', 'forms:admin.automationLogs', lazyPage(admin, 'WebFormAutomationsLogsPage'), { parents: PARENT }),
    route('webFormViewEntry', 'manager', 'forms:review.title', lazyPage(admin, 'WebFormViewEntryPage'), { parents: PARENT }),
    route('webFormEntries', 'manager', 'forms:entries', lazyPage(admin, 'WebFormStudentEntriesPage'), { parents: PARENT }),
    route('webFormEntryView', 'manager', 'forms:review.title', lazyPage(admin, 'WebFormEntryViewPage'), { parents: PARENT }),
    route('webFormEntry', 'user', 'forms:parent.entry', lazyPage(pages, 'WebFormParentEntryPage')),
    route('studentsFormReview', 'user', 'forms:parent.review', lazyPage(pages, 'StudentFormReviewPage')),
    route('filesStudentFormSubmission', 'user', 'forms:parent.entry', lazyPage(pages, 'StudentFormReviewPage')),
    route('filesStudentFormDocumentSubmission', 'user', 'forms:parent.documents', lazyPage(pages, 'StudentFormDocumentsPage')),
    route('formDetails', 'teacher', 'forms:admin.details', lazyPage(pages, 'FormDetailsPage'), { parents: PARENT }),
    route('sharedForms', 'teacher', 'forms:sharedForms', lazyPage(pages, 'SharedFormsPage')),
    route('filesFormSubmission', 'teacher', 'forms:entries', lazyPage(submission, 'FormSubmissionPage')),
  ];
}
