import { lazy } from 'react';

/** A child's doses and gaps, with the compliance export: the panel the app hands to the student profile. */
export const StudentImmunizationsPanel = lazy(() =>
  import('./components/student-immunizations-panel').then((m) => ({ default: m.StudentImmunizationsPanel })),
);
