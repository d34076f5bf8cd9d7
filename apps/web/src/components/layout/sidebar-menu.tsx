import { NavLink, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { MenuItem, MenuLink } from '../../lib/menu';
import type { Viewer } from '../../lib/viewer';

function isActive(path: string, pathname: string): boolean {
  if (path === '/') return pathname === '/';
  return pathname === path || pathname.startsWith(`${path}/`);
}

function LinkItem({ link, viewer, onNavigate }: { link: MenuLink; viewer: Viewer; onNavigate(): void }) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const to = link.to(viewer);
  const active = isActive(to, pathname);
  const Icon = link.icon;
  return (
    <NavLink
      component={Link}
      to={to}
      label={t(link.label)}
      leftSection={<Icon size={18} stroke={1.7} aria-hidden />}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      data-testid={`menu-${link.id}`}
      data-menu-path={to}
    />
  );
}

/** The vertical menu: links, section headings and collapsible groups (Communicate, Reports, Settings). */
export function SidebarMenu({ items, viewer, onNavigate }: { items: readonly MenuItem[]; viewer: Viewer; onNavigate(): void }) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  return (
    <>
      {items.map((item) => {
        if (item.kind === 'heading') {
          return (
            <Text
              key={item.id}
              size="xs"
              fw={700}
              tt="uppercase"
              c="dimmed"
              px="sm"
              pt="md"
              pb={4}
              component="h2"
              style={{ letterSpacing: 0.6 }}
            >
              {t(item.label)}
            </Text>
          );
        }
        if (item.kind === 'group') {
          const Icon = item.icon;
          const open = item.children.some((c) => isActive(c.to(viewer), pathname));
          return (
            <NavLink
              key={item.id}
              label={t(item.label)}
              leftSection={<Icon size={18} stroke={1.7} aria-hidden />}
              defaultOpened={open}
              childrenOffset={12}
              data-testid={`menu-group-${item.id}`}
            >
              {item.children.map((child) => (
                <LinkItem key={child.id} link={child} viewer={viewer} onNavigate={onNavigate} />
              ))}
            </NavLink>
          );
        }
        return <LinkItem key={item.id} link={item} viewer={viewer} onNavigate={onNavigate} />;
      })}
    </>
  );
}
