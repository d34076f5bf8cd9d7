import { Card, Group, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useAppConfig, useViewer } from '../../../lib/shell-context';

function greetingKey(hour: number): string {
  if (hour < 12) return 'dashboard:welcome.morning';
  if (hour < 18) return 'dashboard:welcome.afternoon';
  return 'dashboard:welcome.evening';
}

/** Greets the signed-in person with what the server knows about them. */
export function WelcomeCard({ lead }: { lead: string }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const viewer = useViewer();
  const config = useAppConfig();
  const user = viewer.user;
  const name = user?.fname ?? user?.full_name ?? '';
  return (
    <Card withBorder radius="md" padding="lg" data-testid="welcome-card">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t(greetingKey(dayjs().hour()), { name })}
          </Title>
          <Text c="dimmed">{lead}</Text>
        </Stack>
        <Stack gap={2} align="flex-start">
          <Text size="sm" fw={500}>
            {config.centre?.name}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`shell:roles.${viewer.role}`)}
          </Text>
          {user?.last_login_time ? (
            <Text size="xs" c="dimmed">
              {t('dashboard:welcome.lastLogin', { time: formatDateTime(user.last_login_time) })}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}
