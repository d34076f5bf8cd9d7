import { Alert, Badge, Button, Card, FileInput, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useMutation } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { SaveUploadCameraListMutation } from '../api/cameras.mutation';
import { UploadCamerasListQuery, type CameraUploadRowData } from '../api/cameras.query';
import { ColourSwatch } from '../components/colour-swatch';
import { LocationSelect } from '../components/location-select';
import { PageHeader } from '../components/page-header';
import { csvOfRows } from '../forms/camera-csv';
import { useLocationChoice } from '../hooks/use-location-choice';
import { NoLocation } from './rooms.page';

const CONTEXT = { additionalTypenames: ['Camera'] };

/** /import-cameras: check a cameras CSV (every row with its errors, nothing saved), then import the good rows. */
export function ImportCamerasPage() {
  const { t } = useTranslation(['setup', 'common']);
  const client = useClient();
  const choice = useLocationChoice();
  const [csv, setCsv] = useState('');
  const [csvError, setCsvError] = useState<string | null>(null);
  const [rows, setRows] = useState<CameraUploadRowData[] | null>(null);
  const [imported, setImported] = useState<{ id: string; name: string }[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [, saveList] = useMutation(SaveUploadCameraListMutation);
  const good = rows?.filter((r) => r.errors.length === 0) ?? [];
  const bad = rows?.filter((r) => r.errors.length > 0) ?? [];

  async function check() {
    setImported(null);
    setRows(null);
    if (!csv.trim()) {
      setCsvError(t('common:validation.required'));
      return;
    }
    if (!choice.locationId) return;
    setBusy(true);
    const r = await client
      .query(UploadCamerasListQuery, { location_id: choice.locationId, csv }, { requestPolicy: 'network-only' })
      .toPromise();
    setBusy(false);
    const csvProblem = r.error?.graphQLErrors.find((e) => e.extensions?.field === 'csv');
    if (csvProblem) {
      setCsvError(csvProblem.message);
      return;
    }
    if (reportMutationError(r.error, t)) return;
    if (r.data) setRows(r.data.uploadCamerasList.rows);
  }

  async function importGood() {
    if (!choice.locationId || good.length === 0) return;
    setBusy(true);
    const r = await saveList({ location_id: choice.locationId, csv: csvOfRows(good) }, CONTEXT);
    setBusy(false);
    if (reportMutationError(r.error, t)) return;
    const result = r.data?.saveUploadCameraList;
    if (!result) return;
    showNotice(result);
    if (result.valid) {
      setImported(result.cameras);
      setRows(bad.length ? bad : null);
    } else setRows(result.rows);
  }

  const columns = useMemo<DataTableColumn<CameraUploadRowData>[]>(
    () => [
      { key: 'line', header: t('setup:import.line') },
      { key: 'name', header: t('setup:fields.name') },
      { key: 'code', header: t('setup:fields.code') },
      { key: 'color_code', header: t('setup:fields.colour'), render: (r) => <ColourSwatch colour={r.color_code} /> },
      { key: 'room', header: t('setup:fields.room') },
      {
        key: 'errors',
        header: t('setup:import.result'),
        value: (r) => r.errors.map((e) => e.message).join(' '),
        render: (r) =>
          r.errors.length === 0 ? (
            <Badge color="success" variant="light">
              {t('setup:import.ok')}
            </Badge>
          ) : (
            <List size="sm" c="danger" data-testid={`import-error-${r.line}`}>
              {r.errors.map((e) => (
                <List.Item key={`${e.field}-${e.message}`}>{t('setup:import.error', { field: e.field, message: e.message })}</List.Item>
              ))}
            </List>
          ),
      },
    ],
    [t],
  );

  return (
    <Stack gap="md">
      <PageHeader title={t('setup:import.title')} lead={t('setup:import.lead')} actions={<LocationSelect choice={choice} />} />
      <NoLocation choice={choice} />
      <Card withBorder radius="md" padding="lg">
        <form
          noValidate
          aria-label={t('setup:import.title')}
          onSubmit={(e) => {
            e.preventDefault();
            void check();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{t('setup:import.columns')}</Text>
            <FileInput
              label={t('setup:import.file')}
              accept=".csv,text/csv"
              leftSection={<IconFileUpload size={16} aria-hidden />}
              onChange={async (file) => {
                if (!file) return;
                setCsv(await file.text());
                setCsvError(null);
                setRows(null);
              }}
              clearable
              data-testid="import-file"
            />
            <Textarea
              label={t('setup:import.csv')}
              value={csv}
              onChange={(e) => {
                setCsv(e.currentTarget.value);
                setCsvError(null);
                setRows(null);
              }}
              autosize
              minRows={5}
              maxRows={16}
              withAsterisk
              styles={{ input: { fontFamily: 'monospace' } }}
              error={csvError}
              data-testid="import-csv"
            />
            <Group justify="flex-end">
              <Button type="submit" loading={busy} disabled={!choice.locationId} data-testid="import-check">
                {t('setup:import.check')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {imported ? (
        <Alert color="success" variant="light" data-testid="import-done">
          {t('setup:import.done', { count: imported.length, names: imported.map((c) => c.name).join(', ') })}
        </Alert>
      ) : null}
      {rows ? (
        <Card withBorder radius="md" padding="lg">
          <Group justify="space-between" mb="sm" wrap="wrap">
            <Text component="h2" fw={600} data-testid="import-summary">
              {t('setup:import.summary', { good: good.length, bad: bad.length })}
            </Text>
            <Button onClick={() => void importGood()} loading={busy} disabled={good.length === 0} data-testid="import-save">
              {t('setup:import.save', { count: good.length })}
            </Button>
          </Group>
          {bad.length ? (
            <Text size="sm" c="dimmed" mb="sm">
              {t('setup:import.badSkipped')}
            </Text>
          ) : null}
          <DataTable label={t('setup:import.table')} rows={rows} columns={columns} rowKey={(r) => String(r.line)} />
        </Card>
      ) : null}
    </Stack>
  );
}
