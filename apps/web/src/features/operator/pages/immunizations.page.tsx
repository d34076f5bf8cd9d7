import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { TIME_FORMAT } from '@kv/shared';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { formatDay } from '../../../lib/format';
import { fieldErrors } from '../../../lib/graphql-errors';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import {
  OperatorImmunizationCreate,
  OperatorImmunizationDelete,
  OperatorImmunizationPublish,
  OperatorImmunizationUpdate,
  OperatorImmunizations,
  type OperatorImmunizationData,
  type OperatorScheduleData,
} from '../api/immunizations';

const MAX_DOSES = 6;
type DoseDraft = { label: string; min_age: string; recommended_age: string; min_interval: string; booster_validity: string };
type Draft = { id: string | null; name: string; code: string; kind: 'child' | 'pet'; is_required: boolean; doses: DoseDraft[] };
const emptyDose = (): DoseDraft => ({ label: '', min_age: '', recommended_age: '', min_interval: '', booster_validity: '' });

/** The vaccine editor: name, code, kind, required, one row per dose (at most six). */
function ImmunizationModal({ draft, onClose, onSaved }: { draft: Draft; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['operator', 'common']);
  const [d, setD] = useState<Draft>(draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [{ fetching: creating }, create] = useMutation(OperatorImmunizationCreate);
  const [{ fetching: updating }, update] = useMutation(OperatorImmunizationUpdate);
  const setDose = (i: number, key: keyof DoseDraft, value: string) =>
    setD((x) => ({ ...x, doses: x.doses.map((dose, n) => (n === i ? { ...dose, [key]: value } : dose)) }));
  const save = async () => {
    const doses = d.doses.map((x) => ({ ...x, min_interval: x.min_interval || null, booster_validity: x.booster_validity || null }));
    const vars = { name: d.name, code: d.code, kind: d.kind, is_required: d.is_required, doses };
    const r = d.id ? await update({ id: d.id, ...vars }) : await create(vars);
    if (r.error) {
      setErrors(fieldErrors(r.error));
      reportMutationError(r.error, t, { setError: () => undefined, fields: Object.keys(fieldErrors(r.error)) as never });
      return;
    }
    const data = r.data as Record<string, { status: boolean; message: string; color: string }> | undefined;
    const notice = data?.[d.id ? 'updateImmunization' : 'createImmunization'];
    if (notice) showNotice(notice);
    onSaved();
  };
  return (
    <Modal opened onClose={onClose} title={d.id ? t('operator:immunizations.edit') : t('operator:immunizations.add')} size="xl">
      <Stack gap="sm" data-testid="immunization-form">
        <Group grow align="flex-start">
          <TextInput
            label={t('operator:immunizations.name')}
            value={d.name}
            onChange={(e) => setD({ ...d, name: e.currentTarget.value })}
            error={errors.name}
            required
          />
          <TextInput
            label={t('operator:immunizations.code')}
            value={d.code}
            onChange={(e) => setD({ ...d, code: e.currentTarget.value })}
            error={errors.code}
            required
          />
        </Group>
        <Group>
          <SegmentedControl
            value={d.kind}
            onChange={(v) => setD({ ...d, kind: v as 'child' | 'pet' })}
            data={[
              { value: 'child', label: t('operator:immunizations.child') },
              { value: 'pet', label: t('operator:immunizations.pet') },
            ]}
          />
          <Checkbox
            label={t('operator:immunizations.required')}
            checked={d.is_required}
            onChange={(e) => setD({ ...d, is_required: e.currentTarget.checked })}
          />
        </Group>
        <Text size="sm" c="dimmed">
          {t('operator:immunizations.durationsHint')}
        </Text>
        {d.doses.map((dose, i) => (
          <Card key={i} withBorder padding="xs">
            <Group gap="xs" align="flex-end" wrap="wrap">
              <Text fw={600} size="sm" w={60}>
                {t('operator:immunizations.dose', { n: i + 1 })}
              </Text>
              <TextInput
                size="xs"
                label={t('operator:immunizations.label')}
                value={dose.label}
                onChange={(e) => setDose(i, 'label', e.currentTarget.value)}
                error={errors[`doses.${i}.label`]}
              />
              <TextInput
                size="xs"
                label={t('operator:immunizations.minAge')}
                value={dose.min_age}
                onChange={(e) => setDose(i, 'min_age', e.currentTarget.value)}
                error={errors[`doses.${i}.min_age`]}
                w={110}
              />
              <TextInput
                size="xs"
                label={t('operator:immunizations.recommendedAge')}
                value={dose.recommended_age}
                onChange={(e) => setDose(i, 'recommended_age', e.currentTarget.value)}
                error={errors[`doses.${i}.recommended_age`]}
                w={110}
              />
              <TextInput
                size="xs"
                label={t('operator:immunizations.minInterval')}
                value={dose.min_interval}
                onChange={(e) => setDose(i, 'min_interval', e.currentTarget.value)}
                error={errors[`doses.${i}.min_interval`]}
                w={110}
              />
              <TextInput
                size="xs"
                label={t('operator:immunizations.booster')}
                value={dose.booster_validity}
                onChange={(e) => setDose(i, 'booster_validity', e.currentTarget.value)}
                error={errors[`doses.${i}.booster_validity`]}
                w={110}
              />
              <ActionIcon
                variant="subtle"
                color="danger"
                aria-label={t('operator:immunizations.removeDose')}
                disabled={d.doses.length === 1}
                onClick={() => setD({ ...d, doses: d.doses.filter((_, n) => n !== i) })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Card>
        ))}
        {errors.doses && (
          <Text c="danger" size="sm">
            {errors.doses}
          </Text>
        )}
        <Group justify="space-between">
          <Button
            variant="subtle"
            leftSection={<IconPlus size={14} />}
            disabled={d.doses.length >= MAX_DOSES}
            onClick={() => setD({ ...d, doses: [...d.doses, emptyDose()] })}
          >
            {t('operator:immunizations.addDose')}
          </Button>
          <Button onClick={() => void save()} loading={creating || updating} data-testid="immunization-save">
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Publishing freezes the vaccines as they are into a new version, in effect from a day (today or later). */
function PublishCard({ onPublished }: { onPublished: () => void }) {
  const { t } = useTranslation(['operator', 'common']);
  const [form, setForm] = useState({ effective_from: dayjs().format('YYYY-MM-DD'), source_url: '', note: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [{ fetching }, publish] = useMutation(OperatorImmunizationPublish);
  const submit = async () => {
    const r = await publish({ effective_from: form.effective_from, source_url: form.source_url || null, note: form.note || null });
    if (r.error) {
      setErrors(fieldErrors(r.error));
      reportMutationError(r.error, t, { setError: () => undefined, fields: ['effective_from', 'source_url', 'note'] as never });
      return;
    }
    setErrors({});
    if (r.data) showNotice(r.data.publishImmunizationSchedule);
    onPublished();
  };
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('operator:immunizations.publishTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('operator:immunizations.publishLead')}
        </Text>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            type="date"
            label={t('operator:immunizations.effectiveFrom')}
            value={form.effective_from}
            onChange={(e) => setForm({ ...form, effective_from: e.currentTarget.value })}
            error={errors.effective_from}
            data-testid="publish-effective-from"
          />
          <TextInput
            label={t('operator:immunizations.sourceUrl')}
            value={form.source_url}
            onChange={(e) => setForm({ ...form, source_url: e.currentTarget.value })}
            error={errors.source_url}
            placeholder="https://www.cdc.gov/"
          />
        </Group>
        <Textarea
          label={t('operator:immunizations.note')}
          value={form.note}
          onChange={(e) => setForm({ ...form, note: e.currentTarget.value })}
          error={errors.note}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button onClick={() => void submit()} loading={fetching} data-testid="publish-schedule">
            {t('operator:immunizations.publish')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /immunizations (kvsupport): the platform's vaccines and its published schedule versions. */
export function ImmunizationsPage() {
  const { t } = useTranslation(['operator', 'common']);
  const [{ data, fetching }, refetch] = useQuery({ query: OperatorImmunizations, requestPolicy: 'cache-and-network' });
  const [, remove] = useMutation(OperatorImmunizationDelete);
  const [editing, setEditing] = useState<Draft | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const columns: DataTableColumn<OperatorImmunizationData>[] = [
    {
      key: 'name',
      header: t('operator:immunizations.name'),
      render: (i) => (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {i.name}
          </Text>
          <Group gap={4}>
            <Badge size="xs" variant="light">
              {i.code}
            </Badge>
            <Badge size="xs" variant="light" color={i.kind === 'pet' ? 'grape' : 'blue'}>
              {i.kind === 'pet' ? t('operator:immunizations.pet') : t('operator:immunizations.child')}
            </Badge>
            {i.is_required && (
              <Badge size="xs" color="danger" variant="light">
                {t('operator:immunizations.required')}
              </Badge>
            )}
          </Group>
        </Stack>
      ),
    },
    { key: 'doses', header: t('operator:immunizations.doses'), sortable: false, render: (i) => i.doses.map((d) => d.label).join(' · ') },
    {
      key: 'id',
      header: t('operator:immunizations.actions'),
      sortable: false,
      render: (i) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('operator:immunizations.edit')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('operator:immunizations.edit')}
              onClick={() =>
                setEditing({
                  id: i.id,
                  name: i.name,
                  code: i.code,
                  kind: i.kind === 'pet' ? 'pet' : 'child',
                  is_required: i.is_required,
                  doses: i.doses.map((d) => ({
                    label: d.label,
                    min_age: d.min_age,
                    recommended_age: d.recommended_age,
                    min_interval: d.min_interval ?? '',
                    booster_validity: d.booster_validity ?? '',
                  })),
                })
              }
            >
              <IconEdit size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('operator:immunizations.delete')}>
            <ActionIcon
              variant="subtle"
              color="danger"
              aria-label={t('operator:immunizations.delete')}
              onClick={() =>
                confirmDelete(t, i.name, async () => {
                  const r = await remove({ id: i.id });
                  if (reportMutationError(r.error, t)) return;
                  if (r.data) showNotice(r.data.deleteImmunization);
                  reload();
                })
              }
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];
  const versions: DataTableColumn<OperatorScheduleData>[] = [
    { key: 'version', header: t('operator:immunizations.version'), render: (s) => `v${s.version}` },
    { key: 'effective_from', header: t('operator:immunizations.effectiveFrom'), render: (s) => formatDay(s.effective_from) },
    { key: 'immunizations', header: t('operator:immunizations.vaccines'), sortable: false, render: (s) => s.immunizations.length },
    {
      key: 'note',
      header: t('operator:immunizations.note'),
      sortable: false,
      render: (s) => (
        <Stack gap={0}>
          <Text size="sm">{s.note}</Text>
          {s.source_url && (
            <Text size="xs" c="dimmed" component="a" href={s.source_url} target="_blank" rel="noreferrer">
              {s.source_url}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'created_at',
      header: t('operator:immunizations.published'),
      render: (s) => `${dayjs(s.created_at).format(TIME_FORMAT)}${s.published_by ? ` · ${s.published_by}` : ''}`,
    },
  ];
  return (
    <Stack gap="md" data-testid="operator-immunizations">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={0}>
          <Title order={1} size="h2">
            {t('operator:immunizations.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('operator:immunizations.lead')}
          </Text>
        </Stack>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setEditing({ id: null, name: '', code: '', kind: 'child', is_required: true, doses: [emptyDose()] })}
          data-testid="immunization-new"
        >
          {t('operator:immunizations.add')}
        </Button>
      </Group>
      <DataTable
        label={t('operator:immunizations.title')}
        rows={data?.getImmunizations ?? []}
        columns={columns}
        rowKey={(i) => i.id}
        loading={fetching}
      />
      <PublishCard onPublished={reload} />
      <Title order={2} size="h4">
        {t('operator:immunizations.versions')}
      </Title>
      <DataTable
        label={t('operator:immunizations.versions')}
        rows={data?.getImmunizationSchedules ?? []}
        columns={versions}
        rowKey={(s) => s.id}
        loading={fetching}
      />
      {editing && (
        <ImmunizationModal
          draft={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
    </Stack>
  );
}
