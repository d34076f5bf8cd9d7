import { useEffect, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQuery, useSubscription } from 'urql';
import { formatDateTime } from '../../../lib/format';
import {
  MarkAllNotificationsSeenMutation,
  MarkNotificationSeenMutation,
  NotificationAddedSubscription,
  NotificationsQuery,
  type NotificationData,
} from '../api/notifications';

const PAGE = 10;

/** The navbar bell: the unseen count, the latest notifications (a page at a time), live as they arrive. */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [first, setFirst] = useState(PAGE);
  const [{ data, fetching }, refetch] = useQuery({ query: NotificationsQuery, variables: { page: 1, first } });
  const [live] = useSubscription({ query: NotificationAddedSubscription });
  const [, markSeen] = useMutation(MarkNotificationSeenMutation);
  const [, markAll] = useMutation(MarkAllNotificationsSeenMutation);
  const latest = live.data?.notificationAdded.id;
  useEffect(() => {
    if (latest) refetch({ requestPolicy: 'network-only' });
  }, [latest, refetch]);
  // Without a live connection the bell still catches up each time it opens.
  useEffect(() => {
    if (opened) refetch({ requestPolicy: 'network-only' });
  }, [opened, refetch]);

  const page = data?.getNotifications;
  const unseen = page?.unseen ?? 0;
  const items = page?.data ?? [];
  const more = (page?.paginatorInfo.total ?? 0) > items.length;

  const open = async (n: NotificationData) => {
    if (!n.seen) await markSeen({ id: n.id });
    refetch({ requestPolicy: 'network-only' });
    if (n.link?.startsWith('/')) {
      setOpened(false);
      navigate(n.link);
    }
  };

  return (
    <Popover position="bottom-end" width={360} withinPortal shadow="md" opened={opened} onChange={setOpened}>
      <Popover.Target>
        <Tooltip label={t('bell.label')}>
          <Indicator label={unseen > 99 ? '99+' : unseen} size={18} disabled={unseen === 0} color="danger" offset={6}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('bell.aria', { count: unseen })}
              onClick={() => setOpened((o) => !o)}
              data-testid="notification-bell"
              data-unseen={unseen}
            >
              <IconBell size={20} aria-hidden />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p="xs" maw="calc(100vw - 16px)" aria-label={t('bell.title')} data-testid="notification-list">
        <Group justify="space-between" mb="xs" wrap="nowrap">
          <Text fw={600}>{t('bell.title')}</Text>
          <Button
            size="compact-xs"
            variant="subtle"
            disabled={unseen === 0}
            onClick={async () => {
              await markAll({});
              refetch({ requestPolicy: 'network-only' });
            }}
            data-testid="notification-mark-all"
          >
            {t('bell.markAll')}
          </Button>
        </Group>
        <ScrollArea.Autosize mah={420} type="auto">
          {items.length === 0 && !fetching ? (
            <Text c="dimmed" size="sm" ta="center" py="md">
              {t('shell:table.empty')}
            </Text>
          ) : null}
          <Stack gap={4}>
            {items.map((n) => (
              <UnstyledButton
                key={n.id}
                onClick={() => void open(n)}
                p="xs"
                style={{ borderRadius: 6, background: n.seen ? undefined : 'var(--mantine-color-primary-light)' }}
                data-testid="notification-item"
                data-seen={n.seen}
              >
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Text size="sm" fw={n.seen ? 400 : 600} lineClamp={2}>
                    {n.title}
                  </Text>
                  {n.held ? (
                    <Badge size="xs" variant="light" color="gray">
                      {t('bell.digest')}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {n.body}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`kinds.${n.kind}`, { defaultValue: n.kind })} · {formatDateTime(n.created_at)}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
          {more ? (
            <Group justify="center" mt="xs">
              <Button size="compact-sm" variant="light" onClick={() => setFirst((f) => f + PAGE)} data-testid="notification-more">
                {t('bell.more')}
              </Button>
            </Group>
          ) : null}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
