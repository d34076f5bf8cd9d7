import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageLoader } from '../../../components/page-loader';

const PrintedStaffFill = lazy(() => import('./printed.page').then((m) => ({ default: m.PrintedStaffFillPage })));
const FormEntries = lazy(() => import('./web-form-pages.page').then((m) => ({ default: m.FilesFormSubmissionPage })));

/**
 * `/files/form/:formId/submission`: with `?student=<id>` staff fill and sign a printed form for that
 * child (from the printed form's entries); without it, the form's submitted entries.
 */
export function FormSubmissionPage() {
  const [params] = useSearchParams();
  return <Suspense fallback={<PageLoader />}>{params.get('student') ? <PrintedStaffFill /> : <FormEntries />}</Suspense>;
}
