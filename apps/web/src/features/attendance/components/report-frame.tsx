import { Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { ExportReportQuery, type ReportKind } from '../api/reports';
import { useCurrentLocation } from '../hooks/use-current-location';
import { todayInZone } from '../lib/formats';
import { LocationNeeded } from './location-needed';
import { PageHead } from './page-head';
import { PeopleFilter, type PeopleKind } from './people-filter';

export interface ReportQueryVars {
  location_id: string;
  from: string;
  to: string;
  program_id: string | null;
  /** Staff reports: only these staff members (all when left out). */
  user_ids?: string[] | null;
  /** Child reports: only these children (all when left out). */
  student_ids?: string[] | null;
  page: number;
  first: number;
}

export interface ReportBody {
  vars: ReportQueryVars;
  timeZone: string | null;
  onPage(request: { page: number; first: number }): void;
}

interface ReportFrameProps {
  title: string;
  lead: string;
  kind: ReportKind;
  /** Rooms filter (not for reports that are not per room). */
  withRoom?: boolean;
  /** A staff or child filter, for reports that take `user_ids` or `student_ids`. */
  people?: PeopleKind;
  /** CSV export through exportAttendanceReport (not where the viewer may not export the report). */
  exportable?: boolean;
  children(body: ReportBody): ReactNode;
}

/**
 * Every hours report: a range of the location's local dates, a room, the staff or children it is
 * about, CSV export of the same filters, then the report's table.
 */
export function ReportFrame({ title, lead, kind, withRoom = true, people, exportable = true, children }: ReportFrameProps) {
  const { t } = useTranslation(['attendance', 'common']);
  const client = useClient();
  const location = useCurrentLocation();
  const today = todayInZone(location.timeZone);
  const [from, setFrom] = useState(() => dayjs(today).subtract(6, 'day').format('YYYY-MM-DD'));
  const [to, setTo] = useState(today);
  const [room, setRoom] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [paging, setPaging] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [exporting, setExporting] = useState(false);
  const rangeError = from && to && to < from ? t('attendance:reports.rangeOrder') : null;

  if (!location.id) return <LocationNeeded />;
  const picked = chosen.length ? chosen : null;
  const who = people === 'staff' ? { user_ids: picked } : people === 'children' ? { student_ids: picked } : {};
  const vars: ReportQueryVars = { location_id: location.id, from, to, program_id: room, ...who, ...paging };

  async function exportCsv() {
    setExporting(true);
    const result = await client
      .query(
        ExportReportQuery,
        { report: kind, location_id: vars.location_id, from, to, program_id: room, ...who },
        { requestPolicy: 'network-only' },
      )
      .toPromise();
    setExporting(false);
    if (reportMutationError(result.error, t)) return;
    const file = result.data?.exportAttendanceReport;
    if (!file) return;
    const url = URL.createObjectURL(new Blob([file.content], { type: file.content_type }));
    const a = document.createElement('a');
    a.href = url;
    a.download = file.filename;
    a.click();
    URL.revokeObjectURL(url);
    showNotice(file);
  }

  return (
    <Stack gap="md">
      <PageHead
        title={title}
        lead={lead}
        actions={
          exportable ? (
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              variant="light"
              onClick={() => void exportCsv()}
              loading={exporting}
              disabled={Boolean(rangeError)}
              data-testid="report-export"
            >
              {t('attendance:reports.export')}
            </Button>
          ) : null
        }
      />
      <Card withBorder radius="md" padding="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label={t('attendance:reports.from')}
            value={from}
            max={to || undefined}
            onChange={(e) => {
              setFrom(e.currentTarget.value);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            required
            data-testid="report-from"
          />
          <TextInput
            type="date"
            label={t('attendance:reports.to')}
            value={to}
            min={from || undefined}
            onChange={(e) => {
              setTo(e.currentTarget.value);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            error={rangeError}
            required
            data-testid="report-to"
          />
          {withRoom ? (
            <Select
              label={t('attendance:reports.room')}
              placeholder={t('attendance:reports.allRooms')}
              data={(location.info?.rooms ?? []).map((r) => ({ value: r.id, label: r.name }))}
              value={room}
              onChange={(v) => {
                setRoom(v);
                setPaging((p) => ({ ...p, page: 1 }));
              }}
              clearable
              data-testid="report-room"
            />
          ) : null}
          {people ? (
            <PeopleFilter
              kind={people}
              locationId={location.id}
              value={chosen}
              onChange={(ids) => {
                setChosen(ids);
                setPaging((p) => ({ ...p, page: 1 }));
              }}
            />
          ) : null}
          <Text size="sm" c="dimmed" pb={8}>
            {t('attendance:reports.zone', { zone: location.timeZone ?? '' })}
          </Text>
        </Group>
      </Card>
      {from && to && !rangeError ? (
        <Card withBorder radius="md" padding="lg">
          {children({ vars, timeZone: location.timeZone, onPage: (p) => setPaging(p) })}
        </Card>
      ) : null}
    </Stack>
  );
}

/** The totals line under a report's table. */
export function ReportTotals({ items }: { items: { label: string; value: string | number }[] }) {
  return (
    <Group gap="xl" mt="md" data-testid="report-totals">
      {items.map((i) => (
        <div key={i.label}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {i.label}
          </Text>
          <Text fw={700} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {i.value}
          </Text>
        </div>
      ))}
    </Group>
  );
}
