import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useQuery } from 'urql';
import { paths } from '../../../lib/paths';
import { useAppConfig } from '../../../lib/shell-context';
import { FilteredReportsQuery, MyChildrenQuery } from '../api/activities.query';
import { daysBefore } from '../lib/formats';
import { localNow } from '../lib/quick-entry';
import { ActivityTimeline } from './activity-timeline';

const LATEST = 5;

function ChildLatest({ child }: { child: { id: string; fname: string; full_name: string } }) {
  const { t } = useTranslation('activities');
  const pet = useAppConfig().centre?.kind === 'petcare';
  // The last week on this device's calendar (the centre's is the same for a family nearby).
  const today = localNow(null).date;
  const [{ data }] = useQuery({
    query: FilteredReportsQuery,
    variables: { id: child.id, from: daysBefore(today, 6), to: today, type: null },
    requestPolicy: 'cache-and-network',
  });
  const entries = data?.getFilteredReports.activities ?? [];
  const profile = pet ? paths.pet.to({ userId: child.id }) : paths.userStudent.to({ studentId: child.id });
  return (
    <Stack gap={4} data-testid={`latest-${child.id}`}>
      <Anchor component={Link} to={profile} fw={600}>
        {child.full_name}
      </Anchor>
      <ActivityTimeline entries={entries.slice(-LATEST).reverse()} showChildren={false} showDate testId={`latest-timeline-${child.id}`} />
      {entries.length > LATEST ? (
        <Text size="sm" c="dimmed">
          {t('home.more', { count: entries.length - LATEST })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The parent's /home: each child's latest entries of the last week, newest first, with a link to the child's page. */
export function LatestActivities() {
  const { t } = useTranslation('activities');
  const [{ data }] = useQuery({ query: MyChildrenQuery });
  const children = data?.students.data ?? [];
  if (children.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="latest-activities">
      <Title order={2} size="h4" mb="sm">
        {t('home.title')}
      </Title>
      <Stack gap="md">
        {children.map((c) => (
          <ChildLatest key={c.id} child={c} />
        ))}
      </Stack>
    </Card>
  );
}
