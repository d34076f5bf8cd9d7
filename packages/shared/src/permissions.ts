import { roleAtLeast, type RoleName } from './roles.ts';

/**
 * Named permissions (spec §6): a role's permission list refines what its rank allows.
 * The defaults seed every new centre; managers edit them on the permissions screen.
 */
export const PERMISSIONS = {
  'students.view': 'View students',
  'students.edit': 'Edit students',
  'users.view': 'View contacts',
  'users.edit': 'Edit contacts',
  'team.view': 'View staff',
  'team.edit': 'Edit staff',
  'locations.manage': 'Manage locations',
  'cameras.manage': 'Manage cameras',
  'cameras.watch': 'Watch cameras',
  'attendance.manage': 'Take attendance',
  'activities.manage': 'Record daily activities',
  'messages.send': 'Send messages',
  'announcements.manage': 'Manage announcements',
  'billing.manage': 'Manage billing',
  'billing.view': 'View own billing',
  'reports.view': 'View reports',
  'forms.manage': 'Manage forms',
  'documents.manage': 'Manage documents',
  'learning.manage': 'Manage learning',
  'blog.manage': 'Manage the blog',
  'settings.manage': 'Manage centre settings',
  'permissions.manage': 'Manage roles and permissions',
} as const;

export type PermissionName = keyof typeof PERMISSIONS;

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as PermissionName[];

export function isPermissionName(value: unknown): value is PermissionName {
  return typeof value === 'string' && Object.hasOwn(PERMISSIONS, value);
}

/** The owner (`center`) and the platform roles above it hold every permission, whatever their roles list. */
export function holdsEveryPermission(role: RoleName): boolean {
  return roleAtLeast(role, 'center');
}

/**
 * A person's abilities: the named permissions the server's access gate grants them (every one for
 * the owner and above), sorted. The SPA decides menus and routes from these, as the gate does.
 */
export function abilitiesOf(role: RoleName, held: Iterable<string>): PermissionName[] {
  if (holdsEveryPermission(role)) return [...PERMISSION_NAMES].sort();
  return [...new Set(held)].filter(isPermissionName).sort();
}

export const DEFAULT_ROLE_PERMISSIONS: Record<string, PermissionName[]> = {
  user: ['cameras.watch', 'billing.view'],
  blog: ['blog.manage'],
  teacher: [
    'students.view',
    'users.view',
    'attendance.manage',
    'activities.manage',
    'messages.send',
    'announcements.manage',
    'cameras.watch',
    'forms.manage',
    'documents.manage',
    'learning.manage',
  ],
  manager: Object.keys(PERMISSIONS).filter((p) => p !== 'blog.manage' && p !== 'billing.view') as PermissionName[],
  center: PERMISSION_NAMES,
};

/** Menu entries of spec §2 "Menu" whose visibility is stored per centre (sidebar permission). */
export const DEFAULT_SIDEBAR: Record<string, string[]> = {
  dashboard: ['user', 'blog', 'teacher', 'manager', 'center'],
  students: ['teacher', 'manager', 'center'],
  users: ['manager', 'center'],
  admins: ['manager', 'center'],
  managers: ['manager', 'center'],
  teachers: ['manager', 'center'],
  announcements: ['teacher', 'manager', 'center'],
  'messages log': ['teacher', 'manager', 'center'],
  'instant message': ['teacher', 'manager', 'center'],
  messages: ['user', 'teacher', 'manager', 'center'],
  newsletters: ['manager', 'center'],
  templates: ['manager', 'center'],
  'sms response': ['manager', 'center'],
  'all locations': ['manager', 'center'],
  'billing programs': ['manager', 'center'],
  rooms: ['manager', 'center'],
  cameras: ['manager', 'center'],
  schedules: ['manager', 'center'],
  'theme customizer': ['manager', 'center'],
  onboarding: ['manager', 'center'],
  'school profile': ['manager', 'center'],
  'learning frameworks': ['teacher', 'manager', 'center'],
  'learning activities': ['teacher', 'manager', 'center'],
  'lesson plan': ['teacher', 'manager', 'center'],
  'room plans': ['teacher', 'manager', 'center'],
  portfolios: ['teacher', 'manager', 'center'],
  'learning skills': ['teacher', 'manager', 'center'],
  'printed forms': ['teacher', 'manager', 'center'],
  photos: ['teacher', 'manager', 'center'],
  calendar: ['user', 'teacher', 'manager', 'center'],
  files: ['teacher', 'manager', 'center'],
  documents: ['teacher', 'manager', 'center'],
  'camera logins': ['manager', 'center'],
  'watch time': ['manager', 'center'],
  'system log': ['manager', 'center'],
};
