import { ActionIcon, Button, Card, Checkbox, Group, Modal, MultiSelect, Select, Stack, Switch, Text, Tooltip } from '@mantine/core';
import type { UseFormSetError } from 'react-hook-form';
import { IconCalendarTime, IconHistory, IconPencil, IconPlus, IconStack2, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import {
  ApplyScheduleMutation,
  CreateCameraMutation,
  DeleteCameraMutation,
  UpdateCameraMutation,
  UpdateCameraStatusMutation,
} from '../api/cameras.mutation';
import { LocationCamerasQuery, pickCameras } from '../api/cameras.query';
import type { CameraData } from '../api/fragments';
import { RoomsAndGroupsQuery } from '../api/rooms.query';
import { SchedulesQuery, type ScheduleRow } from '../api/schedules.query';
import { CAMERA_FIELDS, CameraForm, type CameraFormValues } from '../forms/camera-form';
import { useAllPages, type Paged } from '../hooks/use-all-pages';
import { useFinish } from '../hooks/use-finish';
import { CamerasLoaded } from './cameras-loaded';
import { BulkCamerasForm } from './bulk-cameras-form';
import { CameraOrder } from './camera-order';
import { ColourSwatch } from './colour-swatch';
import { HistoryModal } from './history-modal';
import { ScheduleSummary } from './schedule-dates-editor';

export const CAMERAS_CONTEXT = { additionalTypenames: ['Camera', 'Schedule', 'CameraGroup', 'Program'] };
const pickSchedules = (d: { schedules: Paged<ScheduleRow> }) => d.schedules;

/** A location's cameras: order, colours, schedules, on/off, bulk create, history and delete. */
export function CamerasPanel({ locationId }: { locationId: string }) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const all = useAllPages(LocationCamerasQuery, { location_id: locationId }, pickCameras, CAMERAS_CONTEXT);
  const [{ data: roomData }] = useQuery({ query: RoomsAndGroupsQuery, variables: { location_id: locationId }, context: CAMERAS_CONTEXT });
  const { rows: schedules } = useAllPages(SchedulesQuery, { location_id: locationId }, pickSchedules, CAMERAS_CONTEXT);
  const [editing, setEditing] = useState<CameraData | 'new' | null>(null);
  const [history, setHistory] = useState<{ kind: 'camera'; id: string; name: string } | null>(null);
  const [bulk, setBulk] = useState(false);
  const [applying, setApplying] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [, create] = useMutation(CreateCameraMutation);
  const [, update] = useMutation(UpdateCameraMutation);
  const [, remove] = useMutation(DeleteCameraMutation);
  const [, setStatus] = useMutation(UpdateCameraStatusMutation);

  const cameras = all.rows;
  const rooms = (roomData?.roomsByLocation ?? []).map((r) => ({ value: r.id, label: r.name }));
  const groups = (roomData?.groupsByLocation ?? []).map((g) => ({ value: g.id, label: g.name }));

  const columns = useMemo<DataTableColumn<CameraData>[]>(
    () => [
      {
        key: 'select',
        header: t('setup:cameras.select'),
        sortable: false,
        searchable: false,
        render: (c) => (
          <Checkbox
            aria-label={t('setup:cameras.selectNamed', { name: c.name })}
            checked={selected.includes(c.id)}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setSelected((list) => (on ? [...list, c.id] : list.filter((id) => id !== c.id)));
            }}
          />
        ),
      },
      { key: 'order', header: t('setup:fields.order'), render: (c) => <Text size="sm">{c.order + 1}</Text> },
      { key: 'name', header: t('setup:fields.name') },
      { key: 'code', header: t('setup:fields.code') },
      { key: 'color_code', header: t('setup:fields.colour'), render: (c) => <ColourSwatch colour={c.color_code} /> },
      {
        key: 'room.name',
        header: t('setup:fields.room'),
        render: (c) => <Text size="sm">{c.room?.name ?? t('setup:cameras.commonArea')}</Text>,
      },
      {
        key: 'schedule.name',
        header: t('setup:fields.schedule'),
        render: (c) =>
          c.schedule ? (
            <Stack gap={0}>
              <Text size="sm">{c.schedule.name}</Text>
              <ScheduleSummary dates={c.schedule.scheduledates} />
            </Stack>
          ) : (
            <Text size="sm">{t('setup:schedule.always')}</Text>
          ),
      },
      {
        key: 'status',
        header: t('setup:fields.status'),
        render: (c) => (
          <Switch
            checked={c.status}
            aria-label={t('setup:cameras.statusNamed', { name: c.name })}
            onLabel={t('setup:status.on')}
            offLabel={t('setup:status.off')}
            onChange={async (e) => {
              const r = await setStatus({ id: c.id, status: e.currentTarget.checked });
              finish(r.error, r.data?.updateCameraStatus);
            }}
          />
        ),
      },
      {
        key: 'actions',
        header: t('shell:table.actions'),
        sortable: false,
        searchable: false,
        render: (c) => (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('setup:actions.edit')}>
              <ActionIcon variant="subtle" aria-label={t('setup:actions.editNamed', { name: c.name })} onClick={() => setEditing(c)}>
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('setup:actions.history')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('setup:actions.historyNamed', { name: c.name })}
                onClick={() => setHistory({ kind: 'camera', id: c.id, name: c.name })}
              >
                <IconHistory size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('setup:actions.delete')}>
              <ActionIcon
                variant="subtle"
                color="danger"
                aria-label={t('setup:actions.deleteNamed', { name: c.name })}
                onClick={() =>
                  confirmDelete(t, c.name, async () => {
                    const r = await remove({ id: c.id }, CAMERAS_CONTEXT);
                    finish(r.error, r.data?.deleteCamera);
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
    [t, finish, remove, setStatus, selected],
  );

  async function submit(values: CameraFormValues, setError: UseFormSetError<CameraFormValues>) {
    const current = editing === 'new' ? null : editing;
    const schedule = values.schedule_name.trim();
    const base = {
      name: values.name.trim(),
      code: values.code.trim(),
      color_code: values.color_code.trim(),
      location_id: locationId,
      camera_id: values.camera_id.trim() || null,
      status: values.status,
      program_id: values.program_id || null,
      groups: values.groups,
      schedule_id: null,
      scheduledates: schedule ? values.scheduledates : null,
    };
    const form = { setError, fields: CAMERA_FIELDS };
    const ok = current
      ? await update({ ...base, id: current.id, schedule_name: schedule }, CAMERAS_CONTEXT).then((r) =>
          finish(r.error, r.data?.updateCameraWithScheduleInLocation, form),
        )
      : await create({ ...base, schedule_name: schedule || null }, CAMERAS_CONTEXT).then((r) =>
          finish(r.error, r.data?.createCameraWithScheduleInLocation, form),
        );
    if (ok) setEditing(null);
    return Boolean(ok);
  }

  const current = editing === 'new' ? null : editing;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Text component="h2" fw={600}>
            {t('setup:cameras.listTitle')}
          </Text>
          <Group gap="xs">
            <Button
              size="sm"
              variant="light"
              leftSection={<IconCalendarTime size={16} aria-hidden />}
              onClick={() => setApplying(true)}
              data-testid="apply-schedule"
            >
              {t('setup:cameras.applySchedule')}
            </Button>
            <Button
              size="sm"
              variant="light"
              leftSection={<IconStack2 size={16} aria-hidden />}
              onClick={() => setBulk(true)}
              data-testid="bulk-cameras"
            >
              {t('setup:cameras.bulkAdd')}
            </Button>
            <Button size="sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')} data-testid="add-camera">
              {t('setup:cameras.add')}
            </Button>
          </Group>
        </Group>
        <CamerasLoaded {...all} />
        <DataTable label={t('setup:cameras.table')} rows={cameras} columns={columns} rowKey={(c) => c.id} loading={all.fetching} />
      </Card>
      <CameraOrder locationId={locationId} cameras={cameras} complete={all.complete} context={CAMERAS_CONTEXT} />
      <Modal
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        size="xl"
        title={current ? t('setup:cameras.editTitle') : t('setup:cameras.createTitle')}
      >
        {editing !== null ? (
          <CameraForm
            key={current?.id ?? 'new'}
            camera={current}
            locationId={locationId}
            rooms={rooms}
            groups={groups}
            schedules={schedules}
            onCancel={() => setEditing(null)}
            onSubmit={submit}
          />
        ) : null}
      </Modal>
      <Modal
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        opened={bulk}
        onClose={() => setBulk(false)}
        size="xl"
        title={t('setup:cameras.bulkTitle')}
      >
        {bulk ? <BulkCamerasForm locationId={locationId} rooms={rooms} onDone={() => setBulk(false)} context={CAMERAS_CONTEXT} /> : null}
      </Modal>
      <Modal
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        opened={applying}
        onClose={() => setApplying(false)}
        title={t('setup:cameras.applyTitle')}
      >
        {applying ? (
          <ApplyScheduleForm
            cameras={cameras.map((c) => ({ value: c.id, label: c.name }))}
            schedules={schedules.map((s) => ({ value: s.id, label: s.name }))}
            initial={selected}
            onDone={() => {
              setApplying(false);
              setSelected([]);
            }}
          />
        ) : null}
      </Modal>
      <HistoryModal target={history} onClose={() => setHistory(null)} />
    </Stack>
  );
}

function ApplyScheduleForm({
  cameras,
  schedules,
  initial,
  onDone,
}: {
  cameras: { value: string; label: string }[];
  schedules: { value: string; label: string }[];
  initial: string[];
  onDone(): void;
}) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const [schedule, setSchedule] = useState<string>('');
  const [chosen, setChosen] = useState<string[]>(initial);
  const [error, setError] = useState<string | null>(null);
  const [, apply] = useMutation(ApplyScheduleMutation);
  return (
    <form
      noValidate
      aria-label={t('setup:cameras.applyTitle')}
      onSubmit={async (e) => {
        e.preventDefault();
        if (chosen.length === 0) {
          setError(t('setup:validation.pickCamera'));
          return;
        }
        const r = await apply({ schedule_id: schedule || null, cameras: chosen }, CAMERAS_CONTEXT);
        if (finish(r.error, r.data?.applyScheduleToCameras)) onDone();
      }}
    >
      <Stack gap="sm">
        <Select
          label={t('setup:fields.schedule')}
          data={[{ value: '', label: t('setup:schedule.always') }, ...schedules]}
          value={schedule}
          onChange={(v) => setSchedule(v ?? '')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <CamerasMultiSelect
          data={cameras}
          value={chosen}
          onChange={(v) => {
            setChosen(v);
            setError(null);
          }}
          error={error}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit">{t('setup:cameras.apply')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

function CamerasMultiSelect({
  data,
  value,
  onChange,
  error,
}: {
  data: { value: string; label: string }[];
  value: string[];
  onChange(v: string[]): void;
  error: string | null;
}) {
  const { t } = useTranslation('setup');
  return (
    <MultiSelect
      label={t('setup:groups.cameras')}
      data={data}
      value={value}
      onChange={onChange}
      withAsterisk
      searchable
      comboboxProps={{ withinPortal: true }}
      error={error}
    />
  );
}
