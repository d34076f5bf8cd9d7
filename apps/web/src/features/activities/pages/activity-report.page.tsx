import { Alert, Card, Divider, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { formatDay } from '../../../lib/format';
import { DailyReportQuery, FilteredReportsQuery, StudentOptionsQuery } from '../api/activities.query';
import { ActivityTimeline } from '../components/activity-timeline';
import { SendReport } from '../components/send-report';
import { useActivitiesLocation } from '../hooks/use-location';
import { daysBefore } from '../lib/formats';
import { QUICK_KINDS } from '../lib/kinds';
import { localNow } from '../lib/quick-entry';

const REPORT_KINDS = [...QUICK_KINDS, 'check_in', 'check_out', 'health_check', 'absent'] as const;
const MAX_DAYS = 31;

/**
 * /activity-report: a child's entries over a date range (at most 31 days) of one kind or all,
 * a child's day as families see it, and that day sent by email to its guardians or to staff.
 */
export function ActivityReportPage() {
  const { t } = useTranslation(['activities', 'shell']);
  const location = useActivitiesLocation();
  const today = localNow(location.timeZone).date;
  const [child, setChild] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const end = to ?? today;
  const start = from ?? daysBefore(end, 6);
  const rangeError =
    start > end
      ? t('activities:report.rangeOrder')
      : daysBefore(end, MAX_DAYS - 1) > start
        ? t('activities:report.rangeMax', { days: MAX_DAYS })
        : null;
  const [options] = useQuery({
    query: StudentOptionsQuery,
    variables: { location_id: location.id, search: search || null },
    pause: !location.id,
  });
  const [filtered] = useQuery({
    query: FilteredReportsQuery,
    variables: { id: child ?? '', from: start, to: end, type },
    pause: !child || Boolean(rangeError),
  });
  const shownDay = day ?? end;
  const [daily] = useQuery({ query: DailyReportQuery, variables: { id: child ?? '', date: shownDay }, pause: !child });

  if (!location.id)
    return (
      <Alert color="primary" variant="light">
        {t('activities:pickLocation')}
      </Alert>
    );
  const students = options.data?.students.data ?? [];
  const errorOf = (e: typeof filtered.error) => e?.graphQLErrors.map((x) => x.message).join(' ') || t('activities:loadFailed');

  return (
    <Stack gap="md" data-testid="activity-report">
      <div>
        <Title order={1} size="h2">
          {t('activities:report.title')}
        </Title>
        <Text c="dimmed">{t('activities:report.lead')}</Text>
      </div>
      <Card withBorder radius="md" padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <Select
            size="md"
            label={t('activities:report.child')}
            placeholder={t('activities:report.pickChild')}
            data={students.map((s) => ({ value: s.id, label: s.full_name }))}
            value={child}
            onChange={setChild}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            nothingFoundMessage={t('shell:table.empty')}
            data-testid="report-child"
          />
          <TextInput
            size="md"
            type="date"
            label={t('activities:report.from')}
            value={start}
            max={end}
            onChange={(e) => setFrom(e.currentTarget.value || null)}
            data-testid="report-from"
          />
          <TextInput
            size="md"
            type="date"
            label={t('activities:report.to')}
            value={end}
            max={today}
            onChange={(e) => setTo(e.currentTarget.value || null)}
            data-testid="report-to"
          />
          <Select
            size="md"
            label={t('activities:feed.kind')}
            placeholder={t('activities:feed.allKinds')}
            data={REPORT_KINDS.map((k) => ({ value: k, label: t(`activities:kinds.${k}`) }))}
            value={type}
            onChange={setType}
            clearable
            data-testid="report-kind"
          />
        </SimpleGrid>
        {rangeError ? (
          <Text c="danger" size="sm" mt="xs" data-testid="report-range-error">
            {rangeError}
          </Text>
        ) : null}
      </Card>
      {!child ? (
        <Text c="dimmed">{t('activities:report.pickChildFirst')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <Card withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="sm">
              {t('activities:report.entries', { from: formatDay(start), to: formatDay(end) })}
            </Title>
            {filtered.error ? (
              <Alert color="danger" variant="light">
                {errorOf(filtered.error)}
              </Alert>
            ) : (
              <ActivityTimeline
                entries={filtered.data?.getFilteredReports.activities ?? []}
                showDate
                showChildren={false}
                testId="report-entries"
              />
            )}
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
              <Title order={2} size="h4">
                {t('activities:report.day')}
              </Title>
              <TextInput
                size="md"
                type="date"
                aria-label={t('activities:report.dayDate')}
                value={shownDay}
                max={today}
                onChange={(e) => setDay(e.currentTarget.value || null)}
                data-testid="report-day"
              />
            </Group>
            {daily.error ? (
              <Alert color="danger" variant="light">
                {errorOf(daily.error)}
              </Alert>
            ) : (
              <ActivityTimeline entries={daily.data?.getDailyReport.activities ?? []} showChildren={false} testId="report-day-entries" />
            )}
            <Divider my="md" />
            <SendReport studentId={child} date={shownDay} />
          </Card>
        </SimpleGrid>
      )}
    </Stack>
  );
}
