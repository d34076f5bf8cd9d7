import { Alert, Badge, Card, Stack, Tabs } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { DateTimeText } from '../../../components/formatted';
import { formatDay } from '../../../lib/format';
import { WatchSessionsQuery } from '../api/watch-sessions.query';
import { WatchTimeReportQuery, type WatchTimeRow } from '../api/watch-time-report.query';
import { formatDuration } from '../components/live-behind';
import { PeriodPicker, initialPeriod, periodVars } from '../components/period-picker';
import { ReportHeader } from '../components/report-header';
import { SessionsTable } from '../components/sessions-table';
import { useLocationId } from '../hooks/use-location-id';
import { usePaging } from '../hooks/use-paging';

/** /dailywatchtime: time watched per contact and day, and the access log of every viewing. */
export function WatchTimePage() {
  const { t } = useTranslation(['cameras', 'common']);
  const locationId = useLocationId();
  const [period, setPeriod] = useState(initialPeriod);
  const [tab, setTab] = useState<string | null>('report');
  const reportPaging = usePaging();
  const logPaging = usePaging();
  const base = { location_id: locationId, ...periodVars(period) };
  const [report] = useQuery({
    query: WatchTimeReportQuery,
    variables: { ...base, page: reportPaging.page, first: reportPaging.first },
    requestPolicy: 'cache-and-network',
  });
  const [log] = useQuery({
    query: WatchSessionsQuery,
    variables: { ...base, page: logPaging.page, first: logPaging.first },
    requestPolicy: 'cache-and-network',
    pause: tab !== 'log',
  });
  const data = report.data?.getWatchTimeReport;
  const changePeriod = (p: typeof period) => {
    setPeriod(p);
    reportPaging.onPage({ page: 1, first: reportPaging.first });
    logPaging.onPage({ page: 1, first: logPaging.first });
  };
  const picker = <PeriodPicker value={period} shownDate={report.data?.getWatchTimeReport.from} onChange={changePeriod} />;

  const columns = useMemo<DataTableColumn<WatchTimeRow>[]>(
    () => [
      { key: 'date', header: t('cameras:columns.date'), render: (r) => formatDay(r.date) },
      {
        key: 'user_name',
        header: t('cameras:columns.contact'),
        render: (r) => (
          <>
            {r.user_name}{' '}
            {r.live ? (
              <Badge size="xs" color="success" variant="light">
                {t('cameras:grid.live')}
              </Badge>
            ) : null}
          </>
        ),
      },
      { key: 'sessions', header: t('cameras:columns.sessions') },
      { key: 'cameras', header: t('cameras:columns.cameras') },
      { key: 'seconds', header: t('cameras:columns.watched'), render: (r) => formatDuration(r.seconds) },
      { key: 'first_started_at', header: t('cameras:columns.firstStarted'), render: (r) => <DateTimeText value={r.first_started_at} /> },
      { key: 'last_seen_at', header: t('cameras:columns.lastSeen'), render: (r) => <DateTimeText value={r.last_seen_at} /> },
    ],
    [t],
  );

  return (
    <Stack gap="md">
      <ReportHeader
        title={t('cameras:watchTime.title')}
        lead={t('cameras:watchTime.lead')}
        summary={
          data
            ? t('cameras:watchTime.total', { time: formatDuration(data.total_seconds), from: formatDay(data.from), to: formatDay(data.to) })
            : null
        }
      />
      {report.error || log.error ? (
        <Alert color="danger" variant="light" role="alert">
          {t('cameras:loadFailed')}
        </Alert>
      ) : null}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="report" data-testid="tab-report">
            {t('cameras:watchTime.perContact')}
          </Tabs.Tab>
          <Tabs.Tab value="log" data-testid="tab-log">
            {t('cameras:watchTime.accessLog')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="report" pt="md">
          <Card withBorder radius="md" padding="lg" data-testid="watch-time-report">
            <DataTable
              label={t('cameras:watchTime.tableLabel')}
              rows={data?.data ?? []}
              columns={columns}
              rowKey={(r) => `${r.user_id}:${r.location_id}:${r.date}`}
              loading={report.fetching}
              toolbar={picker}
              server={{ paginatorInfo: data?.paginatorInfo ?? null, onPage: reportPaging.onPage }}
            />
          </Card>
        </Tabs.Panel>
        <Tabs.Panel value="log" pt="md">
          <Card withBorder radius="md" padding="lg">
            <SessionsTable
              label={t('cameras:watchTime.logLabel')}
              rows={log.data?.getCameraWatchTime.data ?? []}
              paginatorInfo={log.data?.getCameraWatchTime.paginatorInfo ?? null}
              loading={log.fetching}
              onPage={logPaging.onPage}
              toolbar={picker}
              testId="access-log"
            />
          </Card>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
