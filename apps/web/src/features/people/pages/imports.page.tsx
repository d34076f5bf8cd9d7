import { Alert, Button, Card, Group, List, Select, SimpleGrid, Stack, Table, Text, Title, ThemeIcon } from '@mantine/core';
import { IconCheck, IconDownload, IconMinus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import type { ImportData } from '../api/fragments';
import {
  AdvanceMatchMutation,
  AdvanceSaveMutation,
  AdvanceUploadMutation,
  ConfirmImportMutation,
  ExportRosterMutation,
  ExternalRosterMutation,
  ProcareImportMutation,
  ProcareStaffSaveMutation,
  ProcareStaffStageMutation,
  UploadStudentsCsvMutation,
  type ImportResultData,
} from '../api/imports.mutation';
import { BoardingDataQuery } from '../api/imports.query';
import { PeopleLocationsQuery } from '../api/people.query';
import { CsvUpload, ImportReview } from '../components/import-review';
import { PageHead } from '../components/page-head';
import { useFinish } from '../hooks/use-notice-call';

type Outcome = { error?: Parameters<ReturnType<typeof useFinish>>[0]; payload?: ImportResultData };

/** Stage a file (checked rows, nothing saved), then save it all or nothing, following its progress. */
function StagedImport({
  title,
  lead,
  stage,
  confirm,
  confirmLabel,
}: {
  title: string;
  lead: string;
  stage(input: { location_id: string; csv: string }): Promise<Outcome>;
  confirm(importId: string, sendInvites: boolean): Promise<Outcome>;
  confirmLabel: string;
}) {
  const { t } = useTranslation(['people', 'common']);
  const finish = useFinish();
  const [current, setCurrent] = useState<ImportData | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Stack gap="md" data-testid="import-page">
      <PageHead title={title} lead={lead} />
      <Card withBorder radius="md" padding="lg">
        <CsvUpload
          label={title}
          busy={busy}
          onUpload={async (input) => {
            setBusy(true);
            const r = await stage(input);
            setBusy(false);
            finish(r.error, r.payload);
            if (r.payload?.import) setCurrent(r.payload.import);
          }}
        />
      </Card>
      {current ? (
        <ImportReview
          key={`${current.id}:${current.status}`}
          data={current}
          busy={busy}
          confirmLabel={confirmLabel || t('people:imports.save')}
          onConfirm={async (sendInvites) => {
            setBusy(true);
            const r = await confirm(current.id, sendInvites);
            setBusy(false);
            finish(r.error, r.payload);
            if (r.payload?.import) setCurrent(r.payload.import);
          }}
        />
      ) : null}
    </Stack>
  );
}

/** /procare-import: students from a Procare export. */
export function ProcareImportPage() {
  const { t } = useTranslation('people');
  const [, stage] = useMutation(ProcareImportMutation);
  const [, confirm] = useMutation(ConfirmImportMutation);
  return (
    <StagedImport
      title={t('people:imports.procare.title')}
      lead={t('people:imports.procare.lead')}
      confirmLabel={t('people:imports.save')}
      stage={async (v) => {
        const r = await stage(v);
        return { error: r.error, payload: r.data?.procareImport };
      }}
      confirm={async (id, send) => {
        const r = await confirm({ import_id: id, send_invites: send });
        return { error: r.error, payload: r.data?.confirmImport };
      }}
    />
  );
}

/** /procare-import-staff: staff from a Procare export, reviewed (saveTempProCareStaff) then saved (saveProcareStaff). */
export function ProcareStaffImportPage() {
  const { t } = useTranslation('people');
  const [, stage] = useMutation(ProcareStaffStageMutation);
  const [, save] = useMutation(ProcareStaffSaveMutation);
  return (
    <StagedImport
      title={t('people:imports.procareStaff.title')}
      lead={t('people:imports.procareStaff.lead')}
      confirmLabel={t('people:imports.saveStaff')}
      stage={async (v) => {
        const r = await stage(v);
        return { error: r.error, payload: r.data?.saveTempProCareStaff };
      }}
      confirm={async (id, send) => {
        const r = await save({ import_id: id, send_invites: send });
        return { error: r.error, payload: r.data?.saveProcareStaff };
      }}
    />
  );
}

/** /sync-brightwheel: a Brightwheel roster. */
export function BrightwheelImportPage() {
  const { t } = useTranslation('people');
  const [, stage] = useMutation(ExternalRosterMutation);
  const [, confirm] = useMutation(ConfirmImportMutation);
  return (
    <StagedImport
      title={t('people:imports.brightwheel.title')}
      lead={t('people:imports.brightwheel.lead')}
      confirmLabel={t('people:imports.save')}
      stage={async (v) => {
        const r = await stage({ ...v, source: 'brightwheel' });
        return { error: r.error, payload: r.data?.importExternalRoster };
      }}
      confirm={async (id, send) => {
        const r = await confirm({ import_id: id, send_invites: send });
        return { error: r.error, payload: r.data?.confirmImport };
      }}
    />
  );
}

function download(filename: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/** /onboarding: what the centre has so far (the setup checklist's data), the students CSV import and the roster export. */
export function OnboardingPage() {
  const { t } = useTranslation(['people', 'common']);
  const finish = useFinish();
  const [{ data }] = useQuery({ query: BoardingDataQuery, variables: {}, requestPolicy: 'network-only' });
  const [{ data: locs }] = useQuery({ query: PeopleLocationsQuery, variables: {} });
  const [, upload] = useMutation(UploadStudentsCsvMutation);
  const [, confirm] = useMutation(ConfirmImportMutation);
  const [, exportRoster] = useMutation(ExportRosterMutation);
  const [exportLocation, setExportLocation] = useState<string | null>(null);
  const locations = useMemo(() => (locs?.dropdownLocations ?? []).map((l) => ({ value: l.id, label: l.name })), [locs]);
  const chosen = exportLocation ?? locations[0]?.value ?? null;
  const board = data?.getBoardingData;
  const counters = board
    ? ([
        ['locations', board.locations],
        ['rooms', board.rooms],
        ['cameras', board.cameras],
        ['managers', board.managers],
        ['contacts', board.contacts],
        ['students', board.students],
      ] as const)
    : [];
  return (
    <Stack gap="md">
      {board ? (
        <Card withBorder radius="md" padding="lg" data-testid="boarding-data">
          <Title order={2} size="h4" mb="sm">
            {t('people:onboarding.progress')}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm" component="dl" m={0}>
            {counters.map(([key, value]) => (
              <div key={key}>
                <Text size="xs" c="dimmed" component="dt">
                  {t(`people:onboarding.counters.${key}`)}
                </Text>
                <Text fw={700} size="xl" component="dd" m={0}>
                  {value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          <List mt="md" spacing={4} listStyleType="none">
            {board.steps.map((s) => (
              <List.Item
                key={s.step}
                icon={
                  <ThemeIcon size={20} radius="xl" color={s.done ? 'success' : 'gray'} variant={s.done ? 'filled' : 'light'}>
                    {s.done ? <IconCheck size={12} aria-hidden /> : <IconMinus size={12} aria-hidden />}
                  </ThemeIcon>
                }
              >
                {t(`people:onboarding.steps.${s.step}`, { defaultValue: s.step })}
                {' — '}
                {s.done === null ? t('people:onboarding.unknown') : s.done ? t('people:onboarding.done') : t('people:onboarding.todo')}
              </List.Item>
            ))}
          </List>
        </Card>
      ) : null}
      <StagedImport
        title={t('people:onboarding.title')}
        lead={t('people:onboarding.lead')}
        confirmLabel={t('people:imports.save')}
        stage={async (v) => {
          const r = await upload(v);
          return { error: r.error, payload: r.data?.uploadStudentsCsv };
        }}
        confirm={async (id, send) => {
          const r = await confirm({ import_id: id, send_invites: send });
          return { error: r.error, payload: r.data?.confirmImport };
        }}
      />
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="sm">
          {t('people:onboarding.exportTitle')}
        </Title>
        <Group align="flex-end">
          <Select
            label={t('people:imports.location')}
            data={locations}
            value={chosen}
            onChange={setExportLocation}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            disabled={!chosen}
            onClick={async () => {
              if (!chosen) return;
              const r = await exportRoster({ location_id: chosen });
              const payload = r.data?.exportRoster;
              if (finish(r.error, payload) && payload) download(payload.filename, payload.content_type, payload.csv);
            }}
          >
            {t('people:onboarding.export')}
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}

const KINDS = ['students', 'contacts', 'staff'] as const;

/** /advance-onboarding: upload a file, match its columns to fields, check every row, then save all or nothing. */
export function AdvanceOnboardingPage() {
  const { t } = useTranslation(['people', 'common']);
  const finish = useFinish();
  const [, upload] = useMutation(AdvanceUploadMutation);
  const [, match] = useMutation(AdvanceMatchMutation);
  const [, save] = useMutation(AdvanceSaveMutation);
  const [kind, setKind] = useState<string>('students');
  const [current, setCurrent] = useState<ImportData | null>(null);
  const [mapping, setMapping] = useState<Record<string, string | null>>({});
  const [busy, setBusy] = useState(false);

  const take = (payload: ImportResultData | undefined) => {
    if (!payload?.import) return;
    setCurrent(payload.import);
    setMapping(Object.fromEntries(payload.import.mapping.map((m) => [m.header, m.field])));
  };

  return (
    <Stack gap="md" data-testid="advance-onboarding">
      <PageHead title={t('people:advance.title')} lead={t('people:advance.lead')} />
      <Card withBorder radius="md" padding="lg">
        <CsvUpload
          label={t('people:advance.title')}
          busy={busy}
          onUpload={async (v) => {
            setBusy(true);
            const r = await upload({ ...v, kind });
            setBusy(false);
            finish(r.error, r.data?.uploadAdvanceOnboardingFile);
            take(r.data?.uploadAdvanceOnboardingFile);
          }}
        >
          <Select
            label={t('people:advance.kind')}
            withAsterisk
            data={KINDS.map((k) => ({ value: k, label: t(`people:advance.kinds.${k}`) }))}
            value={kind}
            onChange={(v) => setKind(v ?? 'students')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </CsvUpload>
      </Card>
      {current && ['uploaded', 'checked', 'invalid'].includes(current.status) ? (
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('people:advance.matchTitle')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('people:advance.required', { fields: current.required_fields.join(', ') })}
          </Text>
          <Table aria-label={t('people:advance.matchTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('people:advance.column')}</Table.Th>
                <Table.Th>{t('people:advance.field')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {current.headers.map((h) => (
                <Table.Tr key={h}>
                  <Table.Td>{h}</Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t('people:advance.fieldFor', { column: h })}
                      data={current.fields.map((f) => ({ value: f, label: f }))}
                      value={mapping[h] ?? null}
                      onChange={(v) => setMapping({ ...mapping, [h]: v })}
                      placeholder={t('people:advance.ignore')}
                      clearable
                      comboboxProps={{ withinPortal: true }}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end" mt="sm">
            <Button
              loading={busy}
              onClick={async () => {
                setBusy(true);
                const r = await match({
                  import_id: current.id,
                  mapping: current.headers.map((h) => ({ header: h, field: mapping[h] ?? null })),
                });
                setBusy(false);
                finish(r.error, r.data?.matchAdvanceOnboardingHeaders);
                take(r.data?.matchAdvanceOnboardingHeaders);
              }}
              data-testid="advance-match"
            >
              {t('people:advance.match')}
            </Button>
          </Group>
        </Card>
      ) : null}
      {current && current.status !== 'uploaded' ? (
        <ImportReview
          key={`${current.id}:${current.status}`}
          data={current}
          busy={busy}
          confirmLabel={t('people:imports.save')}
          onConfirm={async (sendInvites) => {
            setBusy(true);
            const r = await save({ import_id: current.id, send_invites: sendInvites });
            setBusy(false);
            finish(r.error, r.data?.saveAdvanceOnboardingData);
            take(r.data?.saveAdvanceOnboardingData);
          }}
        />
      ) : null}
      {current?.status === 'uploaded' ? <Alert color="primary">{t('people:advance.matchFirst')}</Alert> : null}
    </Stack>
  );
}
