import { Avatar, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useShell, useViewer } from '../../lib/shell-context';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

export function UserMenu() {
  const { t } = useTranslation('common');
  const viewer = useViewer();
  const { signOut } = useShell();
  const name = viewer.user?.full_name ?? '';
  return (
    <Menu position="bottom-end" withinPortal width={220}>
      <Menu.Target>
        <UnstyledButton data-testid="user-menu" data-role={viewer.role}>
          <Avatar src={viewer.user?.avatar ?? null} alt="" radius="xl" color="primary" size={36} aria-hidden>
            {initials(name)}
          </Avatar>
          <VisuallyHidden>{t('shell:user.menu', { name })}</VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`shell:roles.${viewer.role}`)}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void signOut()} data-testid="sign-out">
          {t('shell:user.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
