import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS, DEFAULT_SIDEBAR, abilitiesOf, isRoleName } from '@kv/shared';
import { menuLinks, visibleMenu, type SidebarRules } from '../lib/menu';
import { viewerFromUser } from '../lib/viewer';
import { centreMenu } from './centre-menu';

const defaults: SidebarRules = new Map(Object.entries(DEFAULT_SIDEBAR));
/** A role's abilities in a new centre (its default permissions; the owner every one). */
const defaultAbilities = (role: string) => (isRoleName(role) ? abilitiesOf(role, DEFAULT_ROLE_PERMISSIONS[role] ?? []) : []);
const viewer = (role: string, permissions: string[] = defaultAbilities(role)) =>
  viewerFromUser({ id: '1', full_name: 'X', username: 'x', roles: [{ name: role }], permissions });

const ids = (
  role: string,
  kind: 'childcare' | 'petcare' = 'childcare',
  sidebar: SidebarRules | null = defaults,
  permissions: string[] = defaultAbilities(role),
) => menuLinks(visibleMenu(centreMenu, { viewer: viewer(role, permissions), sidebar, centreKind: kind })).map((l) => l.id);

describe('centre menu', () => {
  it('shows a parent only their entries', () => {
    expect(ids('user')).toEqual(['dashboard', 'calendar', 'parentForms', 'parentBilling', 'parentDocuments', 'messages']);
  });

  it('shows a blog editor the dashboard and, with the permission, the blog', () => {
    expect(ids('blog', 'childcare', defaults, [])).toEqual(['dashboard']);
    expect(ids('blog', 'childcare', defaults, ['blog.manage'])).toEqual(['dashboard', 'blog']);
  });

  it('shows a teacher the classroom entries but no management', () => {
    const teacher = ids('teacher');
    expect(teacher).toEqual(
      expect.arrayContaining([
        'dashboard',
        'students',
        'announcements',
        'messagesLog',
        'instantMessage',
        'messages',
        'portfolios',
        'photos',
      ]),
    );
    expect(teacher).not.toContain('cameras');
    expect(teacher).not.toContain('themeCustomizer');
    expect(teacher).not.toContain('users');
  });

  it('shows staff the daily activity screens on both kinds of centre, with the pet wording handled by translations', () => {
    for (const kind of ['childcare', 'petcare'] as const) {
      expect(ids('teacher', kind)).toEqual(expect.arrayContaining(['activities', 'roomFeed', 'activityReport']));
      expect(ids('manager', kind)).toEqual(expect.arrayContaining(['activities', 'roomFeed', 'activityReport']));
      expect(ids('user', kind)).not.toContain('activities');
    }
    const without = (p: string) => defaultAbilities('teacher').filter((x) => x !== p);
    expect(ids('teacher', 'childcare', defaults, without('activities.manage'))).not.toContain('activities');
    expect(ids('teacher', 'childcare', defaults, without('activities.manage'))).not.toContain('roomFeed');
    // Quick entry preselects the room's checked-in children (attendance) and reads their medications; the report lists students.
    expect(ids('teacher', 'childcare', defaults, without('attendance.manage'))).not.toContain('activities');
    expect(ids('teacher', 'childcare', defaults, without('students.view'))).not.toContain('activityReport');
    expect(ids('teacher', 'childcare', defaults, without('students.view'))).toContain('roomFeed');
  });

  it('shows managers the settings but not the access screens; owners (every permission) get those too', () => {
    const manager = ids('manager');
    expect(manager).toEqual(
      expect.arrayContaining(['users', 'teachers', 'cameras', 'themeCustomizer', 'cameraLogins', 'systemLog', 'allLocations']),
    );
    expect(manager).not.toContain('permissions');
    const owner = ids('center');
    expect(owner).toEqual(expect.arrayContaining(['permissions', 'navigation']));
  });

  it('hides the pages a manager lacks the permission for', () => {
    const without = (p: string) => defaultAbilities('manager').filter((x) => x !== p);
    expect(ids('manager', 'childcare', defaults, without('team.view'))).not.toContain('teachers');
    expect(ids('manager', 'childcare', defaults, without('cameras.manage'))).not.toContain('cameraLogins');
    expect(ids('manager', 'childcare', defaults, without('locations.manage'))).not.toContain('allLocations');
    expect(
      ids(
        'teacher',
        'childcare',
        defaults,
        defaultAbilities('teacher').filter((x) => x !== 'students.view'),
      ),
    ).not.toContain('students');
  });

  it("follows the centre's sidebar setting per menu name", () => {
    const custom: SidebarRules = new Map([...defaults, ['cameras', ['center']]]);
    expect(ids('manager', 'childcare', custom)).not.toContain('cameras');
    expect(ids('center', 'childcare', custom)).toContain('cameras');
  });

  it('uses the pet-pack entries on a pet-care centre', () => {
    expect(ids('user', 'petcare')).toEqual(['dashboard', 'calendar', 'parentForms', 'parentBilling', 'parentDocuments', 'pets', 'petCameras', 'messages']);
    const manager = ids('manager', 'petcare');
    expect(manager).toEqual(expect.arrayContaining(['pets', 'contacts', 'staff', 'admins', 'incidents', 'tickets']));
    expect(manager).not.toContain('students');
    expect(manager).not.toContain('users');
    expect(ids('manager', 'childcare')).not.toContain('pets');
  });

  it('drops empty groups and headings', () => {
    const items = visibleMenu(centreMenu, { viewer: viewer('user'), sidebar: defaults, centreKind: 'childcare' });
    expect(items.filter((i) => i.kind === 'heading')).toEqual([]);
    expect(items.filter((i) => i.kind === 'group').map((g) => g.id)).toEqual(['communicate']);
  });
});
