import { Alert, Badge, Button, Card, Checkbox, FileInput, Group, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import type { ImportData } from '../api/fragments';
import { PeopleLocationsQuery } from '../api/people.query';
import { ImportQuery } from '../api/imports.query';

type RowError = ImportData['errors'][number];

/** Picks the location and the CSV file of an import; the file is read in the browser and sent as text. */
export function CsvUpload({
  label,
  busy,
  children,
  onUpload,
}: {
  label: string;
  busy: boolean;
  children?: React.ReactNode;
  onUpload(input: { location_id: string; csv: string }): Promise<void>;
}) {
  const { t } = useTranslation(['people', 'common']);
  const [{ data }] = useQuery({ query: PeopleLocationsQuery, variables: {} });
  const locations = useMemo(() => (data?.dropdownLocations ?? []).map((l) => ({ value: l.id, label: l.name })), [data]);
  const [location, setLocation] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<{ location?: string; file?: string }>({});
  const chosen = location ?? locations[0]?.value ?? null;
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={async (e) => {
        e.preventDefault();
        const next = {
          location: chosen ? undefined : t('common:validation.required'),
          file: file ? undefined : t('common:validation.required'),
        };
        setError(next);
        if (!chosen || !file) return;
        await onUpload({ location_id: chosen, csv: await file.text() });
      }}
    >
      <Stack gap="sm">
        <Group align="flex-start" wrap="wrap">
          <Select
            label={t('people:imports.location')}
            withAsterisk
            data={locations}
            value={chosen}
            onChange={setLocation}
            allowDeselect={false}
            error={error.location}
            comboboxProps={{ withinPortal: true }}
          />
          <FileInput
            label={t('people:imports.file')}
            withAsterisk
            accept=".csv,text/csv"
            value={file}
            onChange={setFile}
            leftSection={<IconFileUpload size={16} aria-hidden />}
            error={error.file}
            w={{ base: '100%', sm: 320 }}
            data-testid="import-file"
          />
          {children}
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={busy} data-testid="import-upload">
            {t('people:imports.check')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const RUNNING = ['queued', 'running'];

/** Follows an import while it runs (progress), then shows what it created or every rejected row with its reason. */
export function ImportReview({
  data,
  confirmLabel,
  busy,
  onConfirm,
}: {
  data: ImportData;
  confirmLabel: string;
  busy: boolean;
  onConfirm(sendInvites: boolean): Promise<void>;
}) {
  const { t } = useTranslation(['people', 'common']);
  const running = RUNNING.includes(data.status);
  const [{ data: live }, poll] = useQuery({
    query: ImportQuery,
    variables: { id: data.id },
    pause: !running,
    requestPolicy: 'network-only',
  });
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => poll({ requestPolicy: 'network-only' }), 1000);
    return () => window.clearInterval(timer);
  }, [running, poll]);
  const current = running && live?.getImport ? live.getImport : data;
  const [sendInvites, setSendInvites] = useState(false);

  const columns = useMemo<DataTableColumn<RowError>[]>(
    () => [
      { key: 'line', header: t('people:imports.line') },
      { key: 'field', header: t('people:imports.field') },
      { key: 'message', header: t('people:imports.reason') },
    ],
    [t],
  );
  const colour = current.status === 'done' ? 'success' : current.status === 'failed' || current.status === 'invalid' ? 'danger' : 'primary';
  return (
    <Card withBorder radius="md" padding="lg" data-testid="import-review">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('people:imports.reviewTitle')}
          </Title>
          <Badge color={colour} data-testid="import-status">
            {t(`people:imports.statuses.${current.status}`, { defaultValue: current.status })}
          </Badge>
        </Group>
        <Text size="sm" data-testid="import-summary">
          {t('people:imports.summary', { total: current.total, errors: current.errors.length })}
        </Text>
        {running || current.status === 'done' ? (
          <Progress
            value={current.progress}
            aria-label={t('people:imports.progress', { progress: current.progress })}
            size="lg"
            striped={running}
            animated={running}
          />
        ) : null}
        {current.failure ? (
          <Alert color="danger" role="alert">
            {current.failure}
          </Alert>
        ) : null}
        {current.totals && current.status === 'done' ? (
          <Alert color="success" data-testid="import-done">
            {t('people:imports.totals', current.totals)}
          </Alert>
        ) : null}
        {current.errors.length > 0 ? (
          <>
            <Alert color="danger" role="alert" data-testid="import-has-errors">
              {t('people:imports.nothingSaved')}
            </Alert>
            <DataTable
              label={t('people:imports.errorsTitle')}
              rows={current.errors}
              columns={columns}
              rowKey={(e) => `${e.line}:${e.field}:${e.message}`}
            />
          </>
        ) : null}
        {current.status === 'checked' && current.valid ? (
          <Group justify="space-between">
            <Checkbox
              label={t('people:imports.sendInvites')}
              checked={sendInvites}
              onChange={(e) => setSendInvites(e.currentTarget.checked)}
            />
            <Button loading={busy} onClick={() => void onConfirm(sendInvites)} data-testid="import-confirm">
              {confirmLabel}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
