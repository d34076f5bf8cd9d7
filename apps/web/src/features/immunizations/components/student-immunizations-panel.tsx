import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Progress,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconDownload, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { formatDay } from '../../../lib/format';
import { fieldErrors } from '../../../lib/graphql-errors';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import {
  ComplianceExportQuery,
  ExportStudentComplianceMutation,
  SaveStudentImmunizationMutation,
  StudentImmunizationsQuery,
  type StudentImmunizationItem,
} from '../api/immunizations.graphql';

const STATUS_COLOUR: Record<string, string> = {
  complete: 'success',
  upcoming: 'gray',
  due: 'warning',
  overdue: 'danger',
  expired: 'danger',
  exempt: 'info',
};

/** Records a vaccine's dose dates (oldest first; the server refuses dates out of order, naming the dose). */
function DosesModal({
  studentId,
  item,
  onClose,
  onSaved,
}: {
  studentId: string;
  item: StudentImmunizationItem;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['immunizations', 'common']);
  const max = Math.max(item.immunization?.doses.length ?? 1, item.doses.length + 1, 1);
  const [doses, setDoses] = useState<string[]>(item.doses.length ? item.doses : ['']);
  const [note, setNote] = useState(item.note ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [{ fetching }, save] = useMutation(SaveStudentImmunizationMutation);
  const submit = async () => {
    const r = await save({ student_id: studentId, code: item.code, doses: doses.filter(Boolean), note: note || null });
    if (r.error) {
      const byField = fieldErrors(r.error);
      setErrors(byField);
      reportMutationError(r.error, t, { setError: () => undefined, fields: Object.keys(byField) as never });
      return;
    }
    if (r.data) showNotice(r.data.saveStudentImmunization);
    onSaved();
  };
  return (
    <Modal opened onClose={onClose} title={t('immunizations:record.title', { name: item.name })}>
      <Stack gap="sm" data-testid="immunization-doses-form">
        {doses.map((d, i) => {
          const label = item.immunization?.doses[i]?.label;
          return (
            <Group key={i} align="flex-end" wrap="nowrap">
              <TextInput
                type="date"
                style={{ flex: 1 }}
                label={label ? t('immunizations:record.doseLabel', { n: i + 1, label }) : t('immunizations:record.dose', { n: i + 1 })}
                value={d}
                max={dayjs().format('YYYY-MM-DD')}
                onChange={(e) => setDoses(doses.map((x, n) => (n === i ? e.currentTarget.value : x)))}
                error={errors[`doses.${i}`]}
                data-testid={`dose-${i + 1}`}
              />
              <ActionIcon
                variant="subtle"
                color="danger"
                aria-label={t('immunizations:record.remove')}
                onClick={() => setDoses(doses.filter((_, n) => n !== i))}
                mb={4}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          );
        })}
        {errors.doses && (
          <Text c="danger" size="sm">
            {errors.doses}
          </Text>
        )}
        <Button
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          disabled={doses.length >= Math.max(max, 6)}
          onClick={() => setDoses([...doses, ''])}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('immunizations:record.add')}
        </Button>
        <Textarea
          label={t('immunizations:record.note')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button onClick={() => void submit()} loading={fetching} data-testid="immunization-doses-save">
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The compliance bundle (ZIP): queued, followed until done, then a short-lived link. */
function ExportButton({ studentId }: { studentId: string }) {
  const { t } = useTranslation(['immunizations', 'common']);
  const [exportId, setExportId] = useState<string | null>(null);
  const [{ fetching }, start] = useMutation(ExportStudentComplianceMutation);
  const [{ data }, poll] = useQuery({
    query: ComplianceExportQuery,
    variables: { id: exportId ?? '0' },
    pause: !exportId,
    requestPolicy: 'network-only',
  });
  const job = data?.getComplianceExport;
  useEffect(() => {
    if (!exportId || job?.status === 'done' || job?.status === 'failed') return;
    const timer = setTimeout(() => poll({ requestPolicy: 'network-only' }), 1000);
    return () => clearTimeout(timer);
  }, [exportId, job, poll]);
  const run = async () => {
    const r = await start({ student_id: studentId });
    if (reportMutationError(r.error, t)) return;
    if (r.data) setExportId(r.data.exportStudentCompliance.export.id);
  };
  return (
    <Stack gap={4}>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconDownload size={14} />}
        onClick={() => void run()}
        loading={fetching || (Boolean(exportId) && job?.status !== 'done' && job?.status !== 'failed')}
        data-testid="compliance-export"
      >
        {t('immunizations:export.button')}
      </Button>
      {job && job.status !== 'done' && job.status !== 'failed' ? (
        <Progress value={job.progress} size="sm" aria-label={t('immunizations:export.progress')} />
      ) : null}
      {job?.status === 'done' && job.url ? (
        <Anchor href={job.url} size="sm" data-testid="compliance-export-link">
          {t('immunizations:export.download', { entries: job.entries ?? 0 })}
        </Anchor>
      ) : null}
      {job?.status === 'failed' ? (
        <Text size="sm" c="danger">
          {job.failure}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A child's doses and gaps on their profile (staff of the child and the child's parents). */
export function StudentImmunizationsPanel({ studentId }: { studentId: string }) {
  const { t } = useTranslation(['immunizations', 'common']);
  const [{ data, fetching, error }, refetch] = useQuery({
    query: StudentImmunizationsQuery,
    variables: { student_id: studentId },
    requestPolicy: 'cache-and-network',
  });
  const [editing, setEditing] = useState<StudentImmunizationItem | null>(null);
  const result = data?.getStudentImmunizations;
  if (error && !result) return null;
  const columns: DataTableColumn<StudentImmunizationItem>[] = [
    {
      key: 'name',
      header: t('immunizations:columns.vaccine'),
      render: (i) => (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {i.name}
          </Text>
          <Group gap={4}>
            <Badge size="xs" variant="light">
              {i.code}
            </Badge>
            {i.is_required ? (
              <Badge size="xs" variant="light" color="gray">
                {t('immunizations:required')}
              </Badge>
            ) : null}
          </Group>
        </Stack>
      ),
    },
    {
      key: 'doses',
      header: t('immunizations:columns.doses'),
      sortable: false,
      render: (i) => (i.doses.length ? i.doses.map((d) => formatDay(d)).join(', ') : '—'),
    },
    {
      key: 'status',
      header: t('immunizations:columns.status'),
      render: (i) => (
        <Stack gap={2}>
          <Badge color={STATUS_COLOUR[i.status] ?? 'gray'} variant="light" data-testid={`immunization-status-${i.code}`}>
            {t(`immunizations:status.${i.status}`)}
          </Badge>
          <Text size="xs" c="dimmed">
            {i.status === 'exempt' ? t(`immunizations:exemption.${i.exemption_reason ?? 'medical'}`) : i.message}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'code',
      header: t('immunizations:columns.actions'),
      sortable: false,
      render: (i) =>
        i.status === 'exempt' ? null : (
          <Tooltip label={t('immunizations:record.button')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('immunizations:record.title', { name: i.name })}
              onClick={() => setEditing(i)}
              data-testid={`immunization-record-${i.code}`}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        ),
    },
  ];
  return (
    <Card withBorder radius="md" padding="lg" data-testid="student-immunizations">
      <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {t('immunizations:title')}
          </Title>
          {result ? (
            <Text size="xs" c="dimmed">
              {t('immunizations:schedule', { version: result.schedule_version, date: formatDay(result.effective_from) })}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs" align="flex-start">
          {result ? (
            <Badge color={result.gaps ? 'danger' : 'success'} variant="light" size="lg" data-testid="immunization-gaps">
              {result.gaps ? t('immunizations:gaps', { count: result.gaps }) : t('immunizations:noGaps')}
            </Badge>
          ) : null}
          <ExportButton studentId={studentId} />
        </Group>
      </Group>
      <DataTable
        label={t('immunizations:title')}
        rows={result?.items ?? []}
        columns={columns}
        rowKey={(i) => i.code}
        loading={fetching && !result}
      />
      {editing ? (
        <DosesModal
          studentId={studentId}
          item={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refetch({ requestPolicy: 'network-only' });
          }}
        />
      ) : null}
    </Card>
  );
}
