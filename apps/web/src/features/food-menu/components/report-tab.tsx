import { Alert, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ReportQuery } from '../api/food-menu.graphql';
import type { FoodMenuReportQuery } from '../../../graphql/generated/tenant-api';
import { formatDay } from '../../../lib/format';
import { addDays, todayAt } from '../lib/dates';

type Row = FoodMenuReportQuery['getMealCountReport']['rows'][number];

/** CACFP: served and claimed per day, slot and room, the errors, and the CSV. */
export function ReportTab({ locationId, timeZone }: { locationId: string; timeZone: string | null }) {
  const { t } = useTranslation('foodMenu');
  const today = todayAt(timeZone);
  const [from, setFrom] = useState(addDays(today, -13));
  const [to, setTo] = useState(today);
  const [{ data, fetching, error }] = useQuery({
    query: ReportQuery,
    variables: { location: locationId, from, to },
    requestPolicy: 'cache-and-network',
  });
  const report = data?.getMealCountReport;
  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      { key: 'date', header: t('report.date'), render: (r) => formatDay(r.date) },
      { key: 'slot', header: t('report.slot') },
      { key: 'room', header: t('report.room') },
      { key: 'served', header: t('report.served') },
      { key: 'claimed', header: t('report.claimed') },
      { key: 'late', header: t('report.late'), render: (r) => (r.late ? <Badge color="orange">{t('report.lateBadge')}</Badge> : null) },
    ],
    [t],
  );

  function download() {
    if (!report) return;
    const url = URL.createObjectURL(new Blob([report.csv], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `meal-counts-${from}-${to}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  }

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput type="date" label={t('report.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput type="date" label={t('report.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download} disabled={!report}>
          {t('report.csv')}
        </Button>
      </Group>
      {error ? <Alert color="danger">{error.graphQLErrors[0]?.message ?? error.message}</Alert> : null}
      {report ? (
        <Text size="sm" data-testid="report-totals">
          {t('report.totals', { served: report.served, claimed: report.claimed })}
        </Text>
      ) : null}
      <DataTable
        label={t('report.table')}
        rows={report?.rows ?? []}
        columns={columns}
        rowKey={(r) => `${r.date}:${r.slot_id}:${r.program_id}`}
        loading={fetching}
      />
      {report?.errors.length ? (
        <Stack gap={4}>
          <Title order={2} size="h5">
            {t('report.errors')}
          </Title>
          {report.errors.map((e) => (
            <Text key={`${e.date}:${e.slot}:${e.student_id}`} size="sm" c="red.8">
              {formatDay(e.date)} · {e.slot} · {e.room} · {e.student}: {t('report.notCheckedIn')}
            </Text>
          ))}
        </Stack>
      ) : null}
      <Text size="xs" c="dimmed">
        {t('report.rules')}
      </Text>
    </Stack>
  );
}
