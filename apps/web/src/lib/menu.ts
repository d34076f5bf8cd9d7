import type { Icon } from '@tabler/icons-react';
import { roleAtLeast } from '@kv/shared';
import type { CentreConfig } from './app-config';
import { canAccess, type AccessRule } from './access';
import type { Viewer } from './viewer';

export type CentreKind = CentreConfig['kind'];

export interface MenuLink {
  kind: 'link';
  id: string;
  /** i18n key. */
  label: string;
  icon: Icon;
  /** The path for this viewer (the dashboard entry differs by role). */
  to(viewer: Viewer): string;
  /** Who sees the link: the rule of the page it leads to (per viewer where the page differs by role). */
  access: AccessRule | ((viewer: Viewer) => AccessRule);
  /** The menu name whose visibility the centre stores (`getSidebarPermissions`). */
  sidebar?: string;
  /** Only on these kinds of centre (pet-pack entries). */
  kinds?: readonly CentreKind[];
  /** Hidden for roles at or above this one (e.g. parent-only entries). */
  below?: AccessRule['role'];
}

export interface MenuGroup {
  kind: 'group';
  id: string;
  label: string;
  icon: Icon;
  children: readonly MenuLink[];
}

export interface MenuHeading {
  kind: 'heading';
  id: string;
  label: string;
}

export type MenuItem = MenuLink | MenuGroup | MenuHeading;

/** menu name → roles that see it, as stored by the centre. */
export type SidebarRules = ReadonlyMap<string, readonly string[]>;

export interface MenuContext {
  viewer: Viewer;
  sidebar: SidebarRules | null;
  centreKind: CentreKind | null;
}

export function linkAccess(link: MenuLink, viewer: Viewer): AccessRule {
  return typeof link.access === 'function' ? link.access(viewer) : link.access;
}

/** A link shows when the role rule allows it AND the centre's sidebar setting lists one of the viewer's roles. */
export function isLinkVisible(link: MenuLink, { viewer, sidebar, centreKind }: MenuContext): boolean {
  if (link.kinds && (!centreKind || !link.kinds.includes(centreKind))) return false;
  if (!canAccess(linkAccess(link, viewer), viewer)) return false;
  if (link.below && roleAtLeast(viewer.role, link.below)) return false;
  if (link.sidebar && sidebar?.has(link.sidebar)) {
    const roles = sidebar.get(link.sidebar) ?? [];
    if (!viewer.roles.some((r) => roles.includes(r))) return false;
  }
  return true;
}

/** The menu as this viewer sees it: hidden links dropped, then empty groups and orphan headings. */
export function visibleMenu(items: readonly MenuItem[], context: MenuContext): MenuItem[] {
  const kept: MenuItem[] = [];
  for (const item of items) {
    if (item.kind === 'link') {
      if (isLinkVisible(item, context)) kept.push(item);
    } else if (item.kind === 'group') {
      const children = item.children.filter((c) => isLinkVisible(c, context));
      if (children.length > 0) kept.push({ ...item, children });
    } else {
      kept.push(item);
    }
  }
  // A heading titles the plain links right after it; with none, it has nothing under it.
  return kept.filter((item, index) => item.kind !== 'heading' || kept[index + 1]?.kind === 'link');
}

export function menuLinks(items: readonly MenuItem[]): MenuLink[] {
  return items.flatMap((item) => (item.kind === 'link' ? [item] : item.kind === 'group' ? [...item.children] : []));
}
