import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Badge, Button, Card, Group, Modal, SegmentedControl, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useForm } from 'react-hook-form';
import { useMutation, useQuery } from 'urql';
import { z } from '../../../lib/zod';
import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { TextField } from '../../../components/form/text-field';
import { CreateScheduleMutation, DeleteScheduleMutation, UpdateScheduleMutation } from '../api/schedules.mutation';
import { SchedulesQuery, type ScheduleRow } from '../api/schedules.query';
import { LocationSelect } from '../components/location-select';
import { PageHeader } from '../components/page-header';
import { ScheduleDatesEditor, ScheduleSummary } from '../components/schedule-dates-editor';
import { scheduleDatesSchema, toDateInputs } from '../forms/schedule-dates';
import { useFinish } from '../hooks/use-finish';
import { useLocationChoice } from '../hooks/use-location-choice';
import { NoLocation } from './rooms.page';

const CONTEXT = { additionalTypenames: ['Schedule', 'Camera'] };
const schema = z.object({
  name: z.string().trim().min(1, 'common:validation.required').max(100, 'common:validation.tooLong'),
  status: z.boolean(),
  scheduledates: scheduleDatesSchema,
});
type Values = z.infer<typeof schema>;

/** /schedules: the camera schedules of a location with their day/start/end ranges. */
export function SchedulesPage() {
  const { t } = useTranslation(['setup', 'common']);
  const choice = useLocationChoice();
  const finish = useFinish();
  const [status, setStatus] = useState<'all' | 'active' | 'inactive'>('all');
  const [paging, setPaging] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [{ data, fetching }] = useQuery({
    query: SchedulesQuery,
    variables: { location_id: choice.locationId, status: status === 'all' ? null : status === 'active', ...paging },
    pause: !choice.locationId,
    context: CONTEXT,
  });
  const [editing, setEditing] = useState<ScheduleRow | 'new' | null>(null);
  const [, remove] = useMutation(DeleteScheduleMutation);

  const columns = useMemo<DataTableColumn<ScheduleRow>[]>(
    () => [
      { key: 'name', header: t('setup:fields.name') },
      {
        key: 'status',
        header: t('setup:fields.status'),
        render: (s) => (
          <Badge variant="light" color={s.status ? 'success' : 'gray'}>
            {s.status ? t('setup:status.active') : t('setup:status.inactive')}
          </Badge>
        ),
      },
      {
        key: 'scheduledates',
        header: t('setup:fields.scheduledates'),
        searchable: false,
        sortable: false,
        render: (s) => <ScheduleSummary dates={s.scheduledates} />,
      },
      {
        key: 'cameras',
        header: t('setup:groups.cameras'),
        value: (s) => s.cameras.map((c) => c.name).join(', '),
        render: (s) => <Text size="sm">{s.cameras.map((c) => c.name).join(', ') || '—'}</Text>,
      },
      {
        key: 'actions',
        header: t('shell:table.actions'),
        sortable: false,
        searchable: false,
        render: (s) => (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('setup:actions.edit')}>
              <ActionIcon variant="subtle" aria-label={t('setup:actions.editNamed', { name: s.name })} onClick={() => setEditing(s)}>
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('setup:actions.delete')}>
              <ActionIcon
                variant="subtle"
                color="danger"
                aria-label={t('setup:actions.deleteNamed', { name: s.name })}
                onClick={() =>
                  confirmDelete(t, s.name, async () => {
                    const r = await remove({ id: s.id }, CONTEXT);
                    finish(r.error, r.data?.deleteSchedule);
                  })
                }
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        ),
      },
    ],
    [t, finish, remove],
  );

  const current = editing === 'new' ? null : editing;
  return (
    <Stack gap="md">
      <PageHeader
        title={t('setup:schedules.title')}
        lead={t('setup:schedules.lead')}
        actions={
          <>
            <LocationSelect choice={choice} />
            <Button
              mt={24}
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setEditing('new')}
              disabled={!choice.locationId}
              data-testid="add-schedule"
            >
              {t('setup:schedules.add')}
            </Button>
          </>
        }
      />
      <NoLocation choice={choice} />
      <Card withBorder radius="md" padding="lg">
        <DataTable
          label={t('setup:schedules.table')}
          rows={data?.schedules.data ?? []}
          columns={columns}
          rowKey={(s) => s.id}
          loading={fetching}
          server={{ paginatorInfo: data?.schedules.paginatorInfo ?? null, onPage: setPaging }}
          toolbar={
            <SegmentedControl
              size="xs"
              value={status}
              onChange={(v) => {
                setStatus(v as typeof status);
                setPaging((p) => ({ ...p, page: 1 }));
              }}
              data={[
                { value: 'all', label: t('setup:status.all') },
                { value: 'active', label: t('setup:status.active') },
                { value: 'inactive', label: t('setup:status.inactive') },
              ]}
              aria-label={t('setup:fields.status')}
            />
          }
        />
      </Card>
      <Modal
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        size="lg"
        title={current ? t('setup:schedules.editTitle') : t('setup:schedules.createTitle')}
      >
        {editing !== null && choice.locationId ? (
          <ScheduleForm key={current?.id ?? 'new'} schedule={current} locationId={choice.locationId} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
    </Stack>
  );
}

function ScheduleForm({ schedule, locationId, onDone }: { schedule: ScheduleRow | null; locationId: string; onDone(): void }) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const [, create] = useMutation(CreateScheduleMutation);
  const [, update] = useMutation(UpdateScheduleMutation);
  const { control, handleSubmit, formState, setError } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: schedule?.name ?? '',
      status: schedule?.status ?? true,
      scheduledates: toDateInputs(schedule?.scheduledates ?? []),
    },
  });
  return (
    <form
      noValidate
      aria-label={schedule ? t('setup:schedules.editTitle') : t('setup:schedules.createTitle')}
      onSubmit={handleSubmit(async (v) => {
        const form = { setError, fields: ['name', 'status', 'scheduledates'] as const };
        const input = { name: v.name.trim(), status: v.status, scheduledates: v.scheduledates };
        const ok = schedule
          ? await update({ ...input, id: schedule.id }, CONTEXT).then((r) => finish(r.error, r.data?.updateSchedule, form))
          : await create({ ...input, location_id: locationId }, CONTEXT).then((r) => finish(r.error, r.data?.createSchedule, form));
        if (ok) onDone();
      })}
    >
      <Stack gap="sm">
        <TextField control={control} name="name" label={t('setup:fields.name')} required />
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <Switch label={t('setup:status.active')} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
          )}
        />
        <Controller
          control={control}
          name="scheduledates"
          render={({ field, fieldState }) => (
            <ScheduleDatesEditor
              label={t('setup:fields.scheduledates')}
              value={field.value}
              onChange={field.onChange}
              errors={(formState.errors.scheduledates as never) ?? (fieldState.error ? { message: fieldState.error.message } : undefined)}
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={formState.isSubmitting} data-testid="schedule-submit">
            {t('setup:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
