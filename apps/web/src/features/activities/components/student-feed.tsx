import { Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { roleAtLeast } from '@kv/shared';
import { useViewer } from '../../../lib/shell-context';
import { DailyReportQuery } from '../api/activities.query';
import { ActivityTimeline } from './activity-timeline';

/**
 * On a child's (pet's) profile: the child's day. A family sees the approved entries that are not
 * for staff only (the server decides); staff with activities.manage see them all.
 */
export function StudentFeed({ studentId }: { studentId: string }) {
  const { t } = useTranslation('activities');
  const viewer = useViewer();
  const staff = roleAtLeast(viewer.role, 'teacher');
  const allowed = !staff || roleAtLeast(viewer.role, 'center') || viewer.permissions.includes('activities.manage');
  const [date, setDate] = useState<string | null>(null);
  const [{ data, fetching }] = useQuery({
    query: DailyReportQuery,
    variables: { id: studentId, date },
    pause: !allowed,
    requestPolicy: 'cache-and-network',
  });
  if (!allowed) return null;
  const report = data?.getDailyReport;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="student-activities">
      <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          {t('child.title')}
        </Title>
        <TextInput
          type="date"
          size="md"
          aria-label={t('child.date')}
          value={date ?? report?.date ?? ''}
          onChange={(e) => setDate(e.currentTarget.value || null)}
          data-testid="student-activities-date"
        />
      </Group>
      <Stack gap="xs">
        {fetching && !report ? (
          <Text c="dimmed">{t('loading')}</Text>
        ) : (
          <ActivityTimeline entries={report?.activities ?? []} showChildren={false} testId="student-activities-timeline" />
        )}
      </Stack>
    </Card>
  );
}
