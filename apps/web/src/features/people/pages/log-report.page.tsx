import { Badge, Stack, Tabs, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../lib/format';
import { useViewer } from '../../../lib/shell-context';
import {
  InvitedLogReportQuery,
  LogReportQuery,
  SignInReportQuery,
  type InvitedLogEntry,
  type LogReportEntry,
  type SignInEntry,
} from '../api/reports.query';
import { PageHead } from '../components/page-head';
import { usePaged } from '../hooks/use-paged';

/** getLogReport: what happened, by whom; the search filters activities by their start ("student."). */
function SystemLog() {
  const { t } = useTranslation(['people', 'common']);
  const paged = usePaged();
  const { search, ...vars } = paged.vars;
  const [{ data, fetching }] = useQuery({ query: LogReportQuery, variables: { ...vars, action: search } });
  const columns = useMemo<DataTableColumn<LogReportEntry>[]>(
    () => [
      { key: 'created_at', header: t('people:logReport.when'), render: (e) => formatDateTime(e.created_at) },
      { key: 'activity', header: t('people:logReport.activity') },
      { key: 'entity', header: t('people:logReport.entity'), value: (e) => [e.entity, e.entity_id].filter(Boolean).join(' #') },
      {
        key: 'user',
        header: t('people:logReport.user'),
        render: (e) => (
          <>
            {e.user ?? '—'} {e.by_support ? <Badge variant="outline">{t('people:logReport.support')}</Badge> : null}
            {e.by_support && e.support_ticket ? (
              <Text size="xs" c="dimmed" data-testid="log-support-ticket">
                {t('people:logReport.supportTicket', {
                  ticket: e.support_ticket,
                  mode: t(e.support_mode === 'write' ? 'people:logReport.modeWrite' : 'people:logReport.modeRead'),
                })}
              </Text>
            ) : null}
          </>
        ),
      },
      { key: 'username', header: t('people:person.username') },
    ],
    [t],
  );
  const page = data?.getLogReport;
  return (
    <DataTable
      label={t('people:logReport.tabs.system')}
      rows={page?.data ?? []}
      columns={columns}
      rowKey={(e) => e.id}
      loading={fetching}
      server={paged.server(page?.paginatorInfo)}
    />
  );
}

/** getInvitedLogReport: every invitation sent, by channel, and whether it was delivered and accepted. */
function Invitations() {
  const { t } = useTranslation(['people', 'common']);
  const paged = usePaged();
  const [{ data, fetching }] = useQuery({ query: InvitedLogReportQuery, variables: { page: paged.vars.page, first: paged.vars.first } });
  const columns = useMemo<DataTableColumn<InvitedLogEntry>[]>(
    () => [
      { key: 'created_at', header: t('people:logReport.when'), render: (e) => formatDateTime(e.created_at) },
      { key: 'name', header: t('people:person.name') },
      { key: 'username', header: t('people:person.username') },
      {
        key: 'channel',
        header: t('people:logReport.channel'),
        value: (e) => t(`people:logReport.channels.${e.channel}`, { defaultValue: e.channel }),
      },
      { key: 'recipient', header: t('people:logReport.recipient') },
      {
        key: 'delivery_status',
        header: t('people:logReport.delivery'),
        value: (e) => t(`people:logReport.deliveries.${e.delivery_status}`, { defaultValue: e.delivery_status }),
      },
      { key: 'pending', header: t('people:logReport.accepted'), value: (e) => (e.pending ? t('people:no') : t('people:yes')) },
    ],
    [t],
  );
  const page = data?.getInvitedLogReport;
  return (
    <DataTable
      label={t('people:logReport.tabs.invitations')}
      rows={page?.data ?? []}
      columns={columns}
      rowKey={(e) => e.id}
      loading={fetching}
      server={{ ...paged.server(page?.paginatorInfo), onSearch: undefined }}
    />
  );
}

/** getLogReportAllUser: everyone's sign-ins in the viewer's scope. */
function SignIns() {
  const { t } = useTranslation(['people', 'common']);
  const paged = usePaged();
  const [{ data, fetching }] = useQuery({ query: SignInReportQuery, variables: { page: paged.vars.page, first: paged.vars.first } });
  const columns = useMemo<DataTableColumn<SignInEntry>[]>(
    () => [
      { key: 'created_at', header: t('people:logReport.when'), render: (e) => formatDateTime(e.created_at) },
      { key: 'name', header: t('people:person.name') },
      { key: 'username', header: t('people:person.username') },
      {
        key: 'success',
        header: t('people:profile.result'),
        value: (e) => (e.success ? t('people:profile.success') : (e.reason ?? t('people:profile.failed'))),
      },
      { key: 'device', header: t('people:profile.device') },
      { key: 'ip', header: t('people:profile.ip') },
    ],
    [t],
  );
  const page = data?.getLogReportAllUser;
  return (
    <DataTable
      label={t('people:logReport.tabs.signIns')}
      rows={page?.data ?? []}
      columns={columns}
      rowKey={(e) => e.id}
      loading={fetching}
      server={{ ...paged.server(page?.paginatorInfo), onSearch: undefined }}
    />
  );
}

const TABS = [
  { value: 'system', permission: 'team.view', Panel: SystemLog },
  { value: 'invitations', permission: 'users.view', Panel: Invitations },
  { value: 'signIns', permission: 'users.view', Panel: SignIns },
] as const;

/** /log-report: the system log, the invitations sent and the sign-ins, each a paged table (tabs the viewer may read). */
export function LogReportPage() {
  const { t } = useTranslation(['people', 'common']);
  const viewer = useViewer();
  const tabs = TABS.filter((tab) => viewer.permissions.includes(tab.permission));
  return (
    <Stack gap="md" data-testid="log-report">
      <PageHead title={t('people:logReport.title')} lead={t('people:logReport.lead')} />
      {tabs.length ? (
        <Tabs defaultValue={tabs[0]!.value} keepMounted={false}>
          <Tabs.List>
            {tabs.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value} data-testid={`log-tab-${tab.value}`}>
                {t(`people:logReport.tabs.${tab.value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map(({ value, Panel }) => (
            <Tabs.Panel key={value} value={value} pt="md">
              <Panel />
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : null}
    </Stack>
  );
}
