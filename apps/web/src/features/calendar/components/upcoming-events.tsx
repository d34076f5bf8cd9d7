import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useQuery } from 'urql';
import { formatDay } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { EventsQuery } from '../api/calendar.query';
import { addDays, formatClock, todayIn } from '../lib/dates';

const SHOWN = 5;

/** The parent's /home: the next two weeks' events of their children's locations and rooms. */
export function UpcomingEvents() {
  const { t } = useTranslation('calendar');
  const today = todayIn(null);
  const [{ data }] = useQuery({
    query: EventsQuery,
    variables: { date: today, to: addDays(today, 13) },
    requestPolicy: 'cache-and-network',
  });
  const events = data?.filterEvents ?? [];
  if (!data || events.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="upcoming-events">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('upcoming.title')}
        </Title>
        <Anchor component={Link} to={paths.calendar.to()} size="sm">
          {t('upcoming.all')}
        </Anchor>
      </Group>
      <Stack gap="xs">
        {events.slice(0, SHOWN).map((e) => (
          <Group key={e.id} gap="sm" wrap="nowrap" align="flex-start">
            <Text size="sm" c="dimmed" miw={150}>
              {formatDay(e.date)}
              {e.full_day ? '' : ` ${formatClock(e.start_time!)}`}
            </Text>
            <Text size="sm" fw={500}>
              {e.name}
            </Text>
          </Group>
        ))}
        {events.length > SHOWN ? (
          <Text size="sm" c="dimmed">
            {t('upcoming.more', { count: events.length - SHOWN })}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
