import { lazy, Suspense, type ComponentProps } from 'react';

const StudentEditor = lazy(() => import('./student-editor').then((m) => ({ default: m.StudentEditor })));

/**
 * The student editor (its form schema and every field component) downloads when a manager opens it,
 * not with the list or the profile that offers it.
 */
export function LazyStudentEditor(props: ComponentProps<typeof StudentEditor>) {
  return (
    <Suspense fallback={null}>
      <StudentEditor {...props} />
    </Suspense>
  );
}
