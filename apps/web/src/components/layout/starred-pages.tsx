import { ActionIcon, Button, Group, Menu, Text, Tooltip } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { STARRED_PAGES_LIMIT } from '@kv/shared';
import { showMessage } from '../../lib/notices';
import { starredPages, toggleStar } from '../../lib/starred-pages';
import { usePageTitleKey } from './use-page-title';

function useStarred() {
  return useSyncExternalStore(starredPages.subscribe, starredPages.get, starredPages.get);
}

/** Stars the current page (at most 10, kept on this device). */
export function StarToggle() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const titleKey = usePageTitleKey();
  const list = useStarred();
  if (!titleKey) return null;
  const starred = list.some((p) => p.path === location.pathname);
  const label = starred ? t('shell:starred.remove') : t('shell:starred.add');
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={starred ? 'warning' : 'gray'}
        size="lg"
        aria-label={label}
        aria-pressed={starred}
        data-testid="star-toggle"
        onClick={() => {
          const { list: next, result } = toggleStar(list, { path: location.pathname, title: titleKey });
          if (result === 'full') showMessage(t('shell:starred.full', { limit: STARRED_PAGES_LIMIT }), false);
          else starredPages.set(next);
        }}
      >
        {starred ? <IconStarFilled size={20} aria-hidden /> : <IconStar size={20} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}

/** Starred pages: inline links on wide screens, a menu on narrow ones. */
export function StarredPagesBar() {
  const { t } = useTranslation('common');
  const list = useStarred();
  if (list.length === 0) return null;
  return (
    <>
      <Group gap={4} visibleFrom="lg" wrap="nowrap" component="nav" aria-label={t('shell:starred.title')} style={{ overflow: 'hidden' }}>
        {list.map((page) => (
          <Button key={page.path} component={Link} to={page.path} variant="subtle" size="compact-sm" color="gray">
            {t(page.title)}
          </Button>
        ))}
      </Group>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" hiddenFrom="lg" aria-label={t('shell:starred.title')}>
            <IconStarFilled size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="xs">{t('shell:starred.title')}</Text>
          </Menu.Label>
          {list.map((page) => (
            <Menu.Item key={page.path} component={Link} to={page.path}>
              {t(page.title)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
