import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { PermissionName, RoleName } from '@kv/shared';
import { lazyPage } from '../../lib/lazy-page';
import type { CentreKind } from '../../lib/menu';
import { paths, type PathName } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-handle';

const students = lazyPage(() => import('./pages/students.page'), 'StudentsPage');
const managerStudents = lazyPage(() => import('./pages/students.page'), 'ManagerStudentsPage');
const studentProfile = lazyPage(() => import('./pages/student-profile.page'), 'StudentProfilePage');
const contactProfile = lazyPage(() => import('./pages/person-profile.page'), 'ContactProfilePage');
const myProfile = lazyPage(() => import('./pages/my-profile.page'), 'MyProfilePage');

interface PeopleRoute {
  path: PathName;
  role: RoleName;
  /** What the gate also requires for the queries the page loads (authorization matrix). */
  permissions?: readonly PermissionName[];
  title: string;
  parent?: { title: string; path: PathName };
  lazy: NonNullable<RouteObject['lazy']>;
  /** Pet-pack paths: only on pet-care centres. */
  pet?: boolean;
}

/** The people lists and the system log load contacts (`users.view`) and staff (`team.view`). */
const PEOPLE: readonly PermissionName[] = ['users.view', 'team.view'];

const STUDENTS = 'shell:menu.students';
const FEATURE_STUDENTS = 'shell:features.students';
const FEATURE_CONTACTS = 'shell:features.contacts';
const FEATURE_STAFF = 'shell:features.staff';
const FEATURE_ONBOARDING = 'shell:features.onboarding';

/** Role, title and breadcrumb parent of each path as the spec's route table (features/upcoming) gives them. */
const ROUTES: PeopleRoute[] = [
  // manager
  { path: 'students', role: 'manager', permissions: ['students.view'], title: STUDENTS, lazy: managerStudents },
  {
    path: 'users',
    role: 'manager',
    permissions: PEOPLE,
    title: 'shell:menu.users',
    lazy: lazyPage(() => import('./pages/people.page'), 'UsersPage'),
  },
  {
    path: 'admins',
    role: 'manager',
    permissions: PEOPLE,
    title: 'shell:menu.admins',
    lazy: lazyPage(() => import('./pages/people.page'), 'AdminsPage'),
  },
  {
    path: 'managers',
    role: 'manager',
    permissions: PEOPLE,
    title: 'shell:menu.managers',
    lazy: lazyPage(() => import('./pages/people.page'), 'ManagersPage'),
  },
  {
    path: 'teachers',
    role: 'manager',
    permissions: PEOPLE,
    title: 'shell:menu.teachers',
    lazy: lazyPage(() => import('./pages/people.page'), 'TeachersPage'),
  },
  {
    path: 'team',
    role: 'manager',
    permissions: PEOPLE,
    title: FEATURE_STAFF,
    lazy: lazyPage(() => import('./pages/people.page'), 'TeamPage'),
  },
  {
    path: 'teamProfile',
    role: 'manager',
    permissions: ['team.view'],
    title: FEATURE_STAFF,
    lazy: lazyPage(() => import('./pages/person-profile.page'), 'TeamProfilePage'),
  },
  {
    path: 'user',
    role: 'manager',
    permissions: ['users.view'],
    title: FEATURE_CONTACTS,
    parent: { title: 'shell:menu.users', path: 'users' },
    lazy: contactProfile,
  },
  {
    path: 'relationships',
    role: 'manager',
    title: FEATURE_CONTACTS,
    lazy: lazyPage(() => import('./pages/relationships.page'), 'RelationshipsPage'),
  },
  { path: 'studentTags', role: 'manager', title: FEATURE_STUDENTS, lazy: lazyPage(() => import('./pages/labels.page'), 'StudentTagsPage') },
  {
    path: 'studentAllergies',
    role: 'manager',
    title: FEATURE_STUDENTS,
    lazy: lazyPage(() => import('./pages/labels.page'), 'StudentAllergiesPage'),
  },
  {
    path: 'studentMedications',
    role: 'manager',
    title: FEATURE_STUDENTS,
    lazy: lazyPage(() => import('./pages/labels.page'), 'StudentMedicationsPage'),
  },
  {
    path: 'logReport',
    role: 'manager',
    permissions: PEOPLE,
    title: 'shell:menu.systemLog',
    lazy: lazyPage(() => import('./pages/log-report.page'), 'LogReportPage'),
  },
  // teacher
  { path: 'teacherStudents', role: 'teacher', permissions: ['students.view'], title: STUDENTS, lazy: students },
  {
    path: 'teacherStudent',
    role: 'teacher',
    permissions: ['students.view'],
    title: FEATURE_STUDENTS,
    parent: { title: STUDENTS, path: 'teacherStudents' },
    lazy: studentProfile,
  },
  // parent
  { path: 'userStudents', role: 'user', title: FEATURE_STUDENTS, lazy: students },
  {
    path: 'userStudent',
    role: 'user',
    title: FEATURE_STUDENTS,
    parent: { title: FEATURE_STUDENTS, path: 'userStudents' },
    lazy: studentProfile,
  },
  { path: 'userProfile', role: 'user', title: FEATURE_CONTACTS, lazy: myProfile },
  {
    path: 'parentDirectory',
    role: 'user',
    title: FEATURE_CONTACTS,
    lazy: lazyPage(() => import('./pages/parent-directory.page'), 'ParentDirectoryPage'),
  },
  // pet pack
  { path: 'pets', role: 'user', title: 'shell:menu.pets', lazy: students, pet: true },
  { path: 'contactPets', role: 'user', title: FEATURE_STUDENTS, lazy: students, pet: true },
  { path: 'staffPets', role: 'teacher', permissions: ['students.view'], title: 'shell:menu.pets', lazy: students, pet: true },
  {
    path: 'contacts',
    role: 'manager',
    permissions: PEOPLE,
    title: 'shell:menu.contacts',
    lazy: lazyPage(() => import('./pages/people.page'), 'ContactsPage'),
    pet: true,
  },
  {
    path: 'staff',
    role: 'manager',
    permissions: PEOPLE,
    title: 'shell:menu.staff',
    lazy: lazyPage(() => import('./pages/people.page'), 'StaffPage'),
    pet: true,
  },
  {
    path: 'pet',
    role: 'user',
    title: FEATURE_STUDENTS,
    parent: { title: 'shell:menu.pets', path: 'pets' },
    lazy: studentProfile,
    pet: true,
  },
  {
    path: 'staffPet',
    role: 'teacher',
    permissions: ['students.view'],
    title: FEATURE_STUDENTS,
    parent: { title: 'shell:menu.pets', path: 'staffPets' },
    lazy: studentProfile,
    pet: true,
  },
  {
    path: 'contact',
    role: 'manager',
    permissions: ['users.view'],
    title: FEATURE_CONTACTS,
    parent: { title: 'shell:menu.contacts', path: 'contacts' },
    lazy: contactProfile,
    pet: true,
  },
  { path: 'contactProfile', role: 'user', title: FEATURE_CONTACTS, lazy: myProfile, pet: true },
  // onboarding and imports
  {
    path: 'onboarding',
    role: 'manager',
    permissions: ['students.edit'],
    title: 'shell:menu.onboarding',
    lazy: lazyPage(() => import('./pages/imports.page'), 'OnboardingPage'),
  },
  {
    path: 'advanceOnboarding',
    role: 'kvsupport',
    permissions: ['students.edit'],
    title: FEATURE_ONBOARDING,
    lazy: lazyPage(() => import('./pages/imports.page'), 'AdvanceOnboardingPage'),
  },
  {
    path: 'procareImport',
    role: 'kvsupport',
    permissions: ['students.edit'],
    title: FEATURE_ONBOARDING,
    lazy: lazyPage(() => import('./pages/imports.page'), 'ProcareImportPage'),
  },
  {
    path: 'procareImportStaff',
    role: 'kvsupport',
    permissions: ['students.edit'],
    title: FEATURE_ONBOARDING,
    lazy: lazyPage(() => import('./pages/imports.page'), 'ProcareStaffImportPage'),
  },
  {
    path: 'syncBrightwheel',
    role: 'kvsupport',
    permissions: ['students.edit'],
    title: FEATURE_ONBOARDING,
    lazy: lazyPage(() => import('./pages/imports.page'), 'BrightwheelImportPage'),
  },
];

/** What a child's profile shows of another feature: the photo consent and the child's photos (photos). */
export interface StudentMediaProps {
  studentId: string;
  /** Who may change the photo consent here: a legal guardian, a manager recording a paper form, or nobody. */
  consentBy: 'guardian' | 'paper_form' | null;
}

/** Panels other features offer the people pages; the app passes them in (features never import each other). */
export interface PeoplePanels {
  /** Shown on a child's (pet's) profile, lazily loaded. */
  studentMedia?: ComponentType<StudentMediaProps>;
  /** The child's day of daily activities (activities), lazily loaded. */
  studentActivities?: ComponentType<{ studentId: string }>;
  /** The child's schedule, vacations and "report an absence" (student-schedules), lazily loaded. */
  studentSchedule?: ComponentType<{ studentId: string }>;
  /** The child's doses, gaps and compliance export (immunizations), lazily loaded. */
  studentImmunizations?: ComponentType<{ studentId: string }>;
  /** The viewer's notification settings on /user-profile (notifications), lazily loaded. */
  notificationSettings?: ComponentType;
}

/** A people route's handle: the panels travel with it to the page (read with `usePeoplePanels`). */
export interface PeopleRouteHandle extends RouteHandle {
  panels?: PeoplePanels;
}

/** The people screens (translations in the `people` namespace); pet-pack paths only on pet-care centres. */
export function peopleRoutes(kind: CentreKind | null, panels: PeoplePanels = {}): RouteObject[] {
  return ROUTES.filter((route) => !route.pet || kind === 'petcare').map((route) => {
    const handle: PeopleRouteHandle = {
      access: { role: route.role, permissions: route.permissions },
      title: route.title,
      parents: route.parent ? [route.parent] : undefined,
      panels: route.lazy === studentProfile || route.lazy === myProfile ? panels : undefined,
    };
    return { path: paths[route.path].pattern, handle, lazy: route.lazy };
  });
}
