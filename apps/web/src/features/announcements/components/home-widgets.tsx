import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPin, IconSpeakerphone } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { DATE_FORMAT, formatDay } from '../../../lib/format';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { AcknowledgeMutation, ActionItemsQuery, TopAnnouncementsQuery } from '../api/announcements';

/** When an announcement was posted (an instant), as the date on this device's calendar. */
const postedOn = (instant: string) => dayjs(instant).format(DATE_FORMAT);
const CONTEXT = { additionalTypenames: ['ActionItem'] };

/** The parent's /home: items pinned until they acknowledge them (announcements that need action, or other areas' items). */
export function ActionItemsWidget() {
  const { t } = useTranslation('announcements');
  const [{ data }, refetch] = useQuery({ query: ActionItemsQuery, requestPolicy: 'cache-and-network', context: CONTEXT });
  const [ack, acknowledge] = useMutation(AcknowledgeMutation);
  const items = data?.getActionItems ?? [];
  if (!items.length) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="action-items">
      <Group gap="xs" mb="sm">
        <IconPin size={20} aria-hidden />
        <Title order={2} size="h4">
          {t('home.actionTitle')}
        </Title>
      </Group>
      <Stack gap="sm">
        {items.map((i) => (
          <Group
            key={i.id}
            justify="space-between"
            wrap="wrap"
            gap="xs"
            p="sm"
            style={{ borderLeft: `4px solid ${i.color_code ?? 'var(--mantine-color-warning-6)'}`, background: 'var(--mantine-color-default-hover)', borderRadius: 6 }}
            data-testid={`action-item-${i.id}`}
          >
            <Stack gap={2} style={{ flex: '1 1 220px' }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {i.title}
              </Text>
              <Group gap={6}>
                <Text size="xs" c="dimmed">
                  {t('home.due', { date: formatDay(i.due_date) })}
                </Text>
                {i.overdue ? (
                  <Badge size="xs" color="danger" variant="light">
                    {t('home.overdue')}
                  </Badge>
                ) : null}
              </Group>
            </Stack>
            <Button
              size="compact-sm"
              loading={ack.fetching}
              onClick={async () => {
                const r = await acknowledge({ id: i.id });
                if (reportMutationError(r.error, t)) return;
                if (r.data) showNotice(r.data.acknowledgeActionItem);
                refetch({ requestPolicy: 'network-only' });
              }}
              data-testid={`acknowledge-${i.id}`}
            >
              {t('home.acknowledge')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** The parent's /home: the announcements live for them now. */
export function TopAnnouncementsWidget() {
  const { t } = useTranslation('announcements');
  const [{ data }] = useQuery({ query: TopAnnouncementsQuery, requestPolicy: 'cache-and-network' });
  const list = data?.topAnnouncements ?? [];
  if (!list.length) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="top-announcements">
      <Group gap="xs" mb="sm">
        <IconSpeakerphone size={20} aria-hidden />
        <Title order={2} size="h4">
          {t('home.announcementsTitle')}
        </Title>
      </Group>
      <Stack gap="xs">
        {list.map((a) => (
          <Stack key={a.id} gap={2} pl="sm" style={{ borderLeft: `4px solid ${a.color_code ?? 'var(--mantine-color-primary-6)'}` }}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {a.message}
            </Text>
            <Text size="xs" c="dimmed">
              {a.expiry_date ? t('home.until', { date: formatDay(a.expiry_date) }) : postedOn(a.created_at)}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
