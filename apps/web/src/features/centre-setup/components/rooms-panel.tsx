import { ActionIcon, Badge, Button, Card, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import type { RoomData } from '../api/fragments';
import {
  CreateProgramMutation,
  CreateRoomMutation,
  DeleteProgramMutation,
  DeleteRoomMutation,
  UpdateProgramMutation,
  UpdateRoomMutation,
} from '../api/rooms.mutation';
import { RoomsAndGroupsQuery } from '../api/rooms.query';
import { ROOM_FIELDS, RoomForm } from '../forms/room-form';
import { useFinish } from '../hooks/use-finish';
import { ColourSwatch } from './colour-swatch';

export const ROOMS_CONTEXT = { additionalTypenames: ['Program', 'CameraGroup', 'Camera'] };

/**
 * The rooms of a location with their student counts. `variant` picks the calls: rooms use the
 * location-room operations, programs the program ones (the same entity, spec §3).
 */
export function RoomsPanel({
  locationId,
  variant = 'rooms',
  startCreating = false,
  onCreatingDone,
}: {
  locationId: string;
  variant?: 'rooms' | 'programs';
  startCreating?: boolean;
  onCreatingDone?(): void;
}) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const [{ data, fetching }] = useQuery({ query: RoomsAndGroupsQuery, variables: { location_id: locationId }, context: ROOMS_CONTEXT });
  const [editing, setEditing] = useState<RoomData | 'new' | null>(null);
  const [, createRoom] = useMutation(CreateRoomMutation);
  const [, updateRoom] = useMutation(UpdateRoomMutation);
  const [, deleteRoom] = useMutation(DeleteRoomMutation);
  const [, createProgram] = useMutation(CreateProgramMutation);
  const [, updateProgram] = useMutation(UpdateProgramMutation);
  const [, deleteProgram] = useMutation(DeleteProgramMutation);
  const ns = variant === 'programs' ? 'programs' : 'rooms';
  const open = startCreating && editing === null ? 'new' : editing;
  const close = () => {
    setEditing(null);
    onCreatingDone?.();
  };

  const groups = (data?.groupsByLocation ?? []).map((g) => ({ value: g.id, label: g.name }));
  const columns = useMemo<DataTableColumn<RoomData>[]>(
    () => [
      { key: 'name', header: t('setup:fields.name') },
      { key: 'color_code', header: t('setup:fields.colour'), render: (r) => <ColourSwatch colour={r.color_code} /> },
      {
        key: 'group.name',
        header: t('setup:fields.cameraGroup'),
        render: (r) => <Text size="sm">{r.group?.name ?? t('setup:rooms.noGroup')}</Text>,
      },
      {
        key: 'student_count',
        header: t('setup:rooms.studentCount'),
        render: (r) => (
          <Badge variant="light" data-testid={`room-count-${r.name}`}>
            {r.student_count}
          </Badge>
        ),
      },
      {
        key: 'actions',
        header: t('shell:table.actions'),
        sortable: false,
        searchable: false,
        render: (r) => (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('setup:actions.edit')}>
              <ActionIcon variant="subtle" aria-label={t('setup:actions.editNamed', { name: r.name })} onClick={() => setEditing(r)}>
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('setup:actions.delete')}>
              <ActionIcon
                variant="subtle"
                color="danger"
                aria-label={t('setup:actions.deleteNamed', { name: r.name })}
                onClick={() =>
                  confirmDelete(t, r.name, async () => {
                    if (variant === 'programs') {
                      const res = await deleteProgram({ id: r.id }, ROOMS_CONTEXT);
                      finish(res.error, res.data?.deleteProgram);
                    } else {
                      const res = await deleteRoom({ id: r.id }, ROOMS_CONTEXT);
                      finish(res.error, res.data?.deleteLocationRoom);
                    }
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
    [t, finish, variant, deleteProgram, deleteRoom],
  );

  const current = open === 'new' ? null : open;
  const title = current ? t(`setup:${ns}.editTitle`) : t(`setup:${ns}.createTitle`);
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm">
        <Text component="h2" fw={600}>
          {t(`setup:${ns}.title`)}
        </Text>
        <Button
          size="sm"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing('new')}
          data-testid={`add-${variant === 'programs' ? 'program' : 'room'}`}
        >
          {t(`setup:${ns}.add`)}
        </Button>
      </Group>
      <DataTable
        label={t(`setup:${ns}.table`)}
        rows={data?.roomsByLocation ?? []}
        columns={columns}
        rowKey={(r) => r.id}
        loading={fetching}
      />
      <Modal closeButtonProps={{ 'aria-label': t('common:actions.close') }} opened={open !== null} onClose={close} title={title}>
        {open !== null ? (
          <Stack>
            <RoomForm
              key={current?.id ?? 'new'}
              room={current}
              groups={groups}
              label={title}
              onCancel={close}
              onSubmit={async (values, setError) => {
                const input = {
                  name: values.name.trim(),
                  color_code: values.color_code || null,
                  camera_group_id: values.camera_group_id || null,
                };
                const form = { setError, fields: ROOM_FIELDS };
                let ok: unknown;
                if (current) {
                  const res =
                    variant === 'programs'
                      ? await updateProgram({ ...input, id: current.id })
                      : await updateRoom({ ...input, id: current.id });
                  ok = finish(
                    res.error,
                    res.data && ('updateProgram' in res.data ? res.data.updateProgram : res.data.updateLocationRoom),
                    form,
                  );
                } else {
                  const res =
                    variant === 'programs'
                      ? await createProgram({ ...input, location_id: locationId }, ROOMS_CONTEXT)
                      : await createRoom({ ...input, location_id: locationId }, ROOMS_CONTEXT);
                  ok = finish(
                    res.error,
                    res.data && ('createProgram' in res.data ? res.data.createProgram : res.data.createLocationRoom),
                    form,
                  );
                }
                if (ok) close();
                return Boolean(ok);
              }}
            />
          </Stack>
        ) : null}
      </Modal>
    </Card>
  );
}
