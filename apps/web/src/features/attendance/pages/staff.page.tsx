import { Alert, Anchor, Badge, Button, Card, CopyButton, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { PAGE_SIZE_DEFAULT, roleAtLeast } from '@kv/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { formatDateTime, formatDay } from '../../../lib/format';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { useViewer } from '../../../lib/shell-context';
import {
  ActivateTimeclockLinkMutation,
  GenerateTimeclockLinkMutation,
  SaveTeamAttendanceMutation,
  TeamAttendanceQuery,
  TimeclockLinkQuery,
  type TeamAction,
  type TeamMemberData,
} from '../api/team';
import { LocationNeeded } from '../components/location-needed';
import { PageHead } from '../components/page-head';
import { StaffRecords } from '../components/staff-records';
import { useCurrentLocation } from '../hooks/use-current-location';
import { useAttendanceChanged } from '../hooks/use-live';
import { formatHours, formatTimeInZone } from '../lib/formats';
import { newRequestId } from '../lib/request-id';
import { QrCode } from '../../../components/qr-code';

const STATE_COLOUR: Record<TeamMemberData['state'], string> = {
  clocked_in: 'success',
  on_break: 'warning',
  elsewhere: 'gray',
  not_in: 'gray',
};

/** The location's time clock link (managers): the page staff open from its QR code. */
function TimeclockLinkCard({ locationId }: { locationId: string }) {
  const { t } = useTranslation(['attendance', 'common']);
  const [{ data }, refetch] = useQuery({ query: TimeclockLinkQuery, variables: { location_id: locationId } });
  const [{ fetching: generating }, generate] = useMutation(GenerateTimeclockLinkMutation);
  const [{ fetching: switching }, activate] = useMutation(ActivateTimeclockLinkMutation);
  const link = data?.getTimeclockLink ?? null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="timeclock-link">
      <Text component="h2" fw={600} mb="xs">
        {t('attendance:staff.linkTitle')}
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        {t('attendance:staff.linkLead')}
      </Text>
      {link ? (
        <Stack gap="xs">
          <Group gap="xs" wrap="wrap">
            <Anchor href={link.url} target="_blank" rel="noreferrer" data-testid="timeclock-url" style={{ wordBreak: 'break-all' }}>
              {link.url}
            </Anchor>
            <CopyButton value={link.url}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="light" onClick={copy}>
                  {copied ? t('attendance:staff.copied') : t('attendance:staff.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" c="dimmed">
            {t('attendance:staff.generatedAt', { at: formatDateTime(link.generated_at) })}
          </Text>
          {link.active ? (
            <QrCode
              value={link.url}
              label={t('attendance:staff.qrAlt')}
              downloadLabel={t('attendance:staff.qrDownload')}
              fileName={`time-clock-qr-${locationId}`}
            />
          ) : null}
          <Switch
            checked={link.active}
            disabled={switching}
            label={t('attendance:staff.linkActive')}
            onChange={async (e) => {
              const result = await activate({ location_id: locationId, active: e.currentTarget.checked });
              if (reportMutationError(result.error, t)) return;
              if (result.data) showNotice(result.data.activateTimeclockLink);
              refetch({ requestPolicy: 'network-only' });
            }}
            data-testid="timeclock-active"
          />
        </Stack>
      ) : null}
      <Button
        mt="sm"
        variant={link ? 'default' : 'filled'}
        loading={generating}
        data-testid="timeclock-generate"
        onClick={async () => {
          const result = await generate({ location_id: locationId });
          if (reportMutationError(result.error, t)) return;
          if (result.data) showNotice(result.data.generateTimeclockLink);
          refetch({ requestPolicy: 'network-only' });
        }}
      >
        {link ? t('attendance:staff.regenerate') : t('attendance:staff.generate')}
      </Button>
    </Card>
  );
}

/**
 * /attendance/staff: the location's team today — who is clocked in, on a break or not in — with
 * clock in/out, breaks and room moves (staff for themselves, managers for their team), and for
 * managers the day's records to correct or delete. Live.
 */
export function AttendanceStaffPage() {
  const { t } = useTranslation(['attendance', 'common']);
  const viewer = useViewer();
  const isManager = roleAtLeast(viewer.role, 'manager');
  const canCorrect = isManager && viewer.permissions.includes('attendance.manage');
  const location = useCurrentLocation();
  const [paging, setPaging] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [room, setRoom] = useState<string | null>(null);
  const [{ data, fetching }, refetch] = useQuery({
    query: TeamAttendanceQuery,
    variables: { location_id: location.id ?? '', ...paging },
    pause: !location.id,
  });
  const [{ fetching: saving }, save] = useMutation(SaveTeamAttendanceMutation);
  const refresh = () => refetch({ requestPolicy: 'network-only' });
  useAttendanceChanged(location.id, refresh);
  const team = data?.getTeamAttendance;

  async function punch(member: TeamMemberData, action: TeamAction) {
    const self = member.user.id === viewer.user?.id;
    const result = await save({
      team: self ? null : [member.user.id],
      action,
      program_id: action === 'check_in' || action === 'move' ? room : null,
      location_id: location.id,
      request_id: newRequestId(),
    });
    if (reportMutationError(result.error, t)) return;
    if (result.data) showNotice(result.data.saveTeamAttendance);
    refresh();
  }

  const columns: DataTableColumn<TeamMemberData>[] = [
    { key: 'user.full_name', header: t('attendance:columns.staff') },
    {
      key: 'state',
      header: t('attendance:columns.state'),
      render: (m) => (
        <Badge color={STATE_COLOUR[m.state]} variant="light">
          {t(`attendance:staff.states.${m.state}`)}
        </Badge>
      ),
    },
    { key: 'program.name', header: t('attendance:columns.room') },
    {
      key: 'record.start_time',
      header: t('attendance:columns.in'),
      render: (m) => formatTimeInZone(m.record?.start_time, location.timeZone),
    },
    { key: 'hours_today', header: t('attendance:columns.hoursToday'), render: (m) => formatHours(m.hours_today) },
    {
      key: 'actions',
      header: t('shell:table.actions'),
      sortable: false,
      searchable: false,
      render: (m) => {
        const mayAct = isManager || m.user.id === viewer.user?.id;
        if (!mayAct || m.state === 'elsewhere') return null;
        const actions: TeamAction[] =
          m.state === 'not_in' ? ['check_in'] : m.state === 'on_break' ? ['break_end', 'check_out'] : ['break_start', 'move', 'check_out'];
        return (
          <Group gap="xs" wrap="nowrap">
            {actions.map((a) => (
              <Button
                key={a}
                size="compact-sm"
                variant={a === 'check_in' ? 'filled' : 'light'}
                disabled={saving || (a === 'move' && !room)}
                onClick={() => void punch(m, a)}
                aria-label={t(`attendance:staff.actionsNamed.${a}`, { name: m.user.full_name })}
                data-testid={`staff-${a}-${m.user.id}`}
              >
                {t(`attendance:staff.actions.${a}`)}
              </Button>
            ))}
          </Group>
        );
      },
    },
  ];

  if (!location.id) return <LocationNeeded />;
  return (
    <Stack gap="md">
      <PageHead title={t('attendance:staff.title')} lead={t('attendance:staff.lead', { date: formatDay(team?.date) })} />
      {!isManager ? (
        <Alert color="primary" variant="light">
          {t('attendance:staff.selfOnly')}
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="lg">
        <DataTable
          label={t('attendance:staff.title')}
          rows={team?.data ?? []}
          columns={columns}
          rowKey={(m) => m.user.id}
          loading={fetching}
          server={{ paginatorInfo: team?.paginatorInfo ?? null, onPage: setPaging }}
          toolbar={
            <Select
              size="sm"
              w={200}
              aria-label={t('attendance:staff.roomFor')}
              placeholder={t('attendance:staff.roomFor')}
              data={(location.info?.rooms ?? []).map((r) => ({ value: r.id, label: r.name }))}
              value={room}
              onChange={setRoom}
              clearable
              data-testid="staff-room"
            />
          }
        />
      </Card>
      {canCorrect ? <StaffRecords locationId={location.id} timeZone={location.timeZone} rooms={location.info?.rooms ?? []} /> : null}
      {isManager && viewer.permissions.includes('locations.manage') ? <TimeclockLinkCard locationId={location.id} /> : null}
    </Stack>
  );
}
