import { ActionIcon, Button, Card, ColorSwatch, Group, Modal, MultiSelect, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { LocationCamerasQuery, pickCameras } from '../api/cameras.query';
import type { CameraGroupData } from '../api/fragments';
import { CreateGroupMutation, DeleteGroupMutation, RenameGroupMutation, UpdateGroupCamerasMutation } from '../api/rooms.mutation';
import { GroupCamerasQuery, RoomsAndGroupsQuery } from '../api/rooms.query';
import { useAllPages, type AllPages } from '../hooks/use-all-pages';
import { useFinish } from '../hooks/use-finish';
import { CamerasLoaded } from './cameras-loaded';
import { ROOMS_CONTEXT } from './rooms-panel';

/** The camera groups of a location with their cameras: create, rename, choose cameras, delete. */
export function CameraGroupsPanel({ locationId }: { locationId: string }) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const [{ data, fetching }] = useQuery({ query: RoomsAndGroupsQuery, variables: { location_id: locationId }, context: ROOMS_CONTEXT });
  const cameraList = useAllPages(LocationCamerasQuery, { location_id: locationId }, pickCameras, ROOMS_CONTEXT);
  const [editing, setEditing] = useState<CameraGroupData | 'new' | null>(null);
  const [, remove] = useMutation(DeleteGroupMutation);
  const cameraOptions = cameraList.rows.map((c) => ({ value: c.id, label: c.name }));

  const columns = useMemo<DataTableColumn<CameraGroupData>[]>(
    () => [
      { key: 'name', header: t('setup:fields.name') },
      {
        key: 'cameras',
        header: t('setup:groups.cameras'),
        value: (g) => g.cameras.map((c) => c.name).join(', '),
        render: (g) =>
          g.cameras.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('setup:groups.noCameras')}
            </Text>
          ) : (
            <Group gap={6}>
              {g.cameras.map((c) => (
                <Group key={c.id} gap={4} wrap="nowrap">
                  <ColorSwatch color={c.color_code} size={12} aria-hidden />
                  <Text size="sm">{c.name}</Text>
                </Group>
              ))}
            </Group>
          ),
      },
      {
        key: 'actions',
        header: t('shell:table.actions'),
        sortable: false,
        searchable: false,
        render: (g) => (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('setup:actions.edit')}>
              <ActionIcon variant="subtle" aria-label={t('setup:actions.editNamed', { name: g.name })} onClick={() => setEditing(g)}>
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('setup:actions.delete')}>
              <ActionIcon
                variant="subtle"
                color="danger"
                aria-label={t('setup:actions.deleteNamed', { name: g.name })}
                onClick={() =>
                  confirmDelete(t, g.name, async () => {
                    const r = await remove({ id: g.id }, ROOMS_CONTEXT);
                    finish(r.error, r.data?.deleteLocationGroup);
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

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm">
        <Text component="h2" fw={600}>
          {t('setup:groups.title')}
        </Text>
        <Button size="sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')} data-testid="add-group">
          {t('setup:groups.add')}
        </Button>
      </Group>
      <DataTable
        label={t('setup:groups.table')}
        rows={data?.groupsByLocation ?? []}
        columns={columns}
        rowKey={(g) => g.id}
        loading={fetching}
      />
      <Modal
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('setup:groups.createTitle') : t('setup:groups.editTitle')}
      >
        {editing !== null ? (
          <GroupForm
            key={editing === 'new' ? 'new' : editing.id}
            group={editing === 'new' ? null : editing}
            locationId={locationId}
            cameraOptions={cameraOptions}
            cameraList={cameraList}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </Card>
  );
}

function GroupForm({
  group,
  locationId,
  cameraOptions,
  cameraList,
  onDone,
}: {
  group: CameraGroupData | null;
  locationId: string;
  cameraOptions: { value: string; label: string }[];
  cameraList: AllPages<unknown>;
  onDone(): void;
}) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const [{ data: groupCameras }] = useQuery({
    query: GroupCamerasQuery,
    variables: { id: group?.id ?? '' },
    pause: !group,
    requestPolicy: 'network-only',
  });
  const [name, setName] = useState(group?.name ?? '');
  const [cameras, setCameras] = useState<string[]>(group?.cameras.map((c) => c.id) ?? []);
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [, create] = useMutation(CreateGroupMutation);
  const [, rename] = useMutation(RenameGroupMutation);
  const [, updateCameras] = useMutation(UpdateGroupCamerasMutation);

  useEffect(() => {
    if (groupCameras) setCameras(groupCameras.getGroupCameras.map((c) => c.id));
  }, [groupCameras]);

  async function submit() {
    if (!name.trim()) {
      setNameError(t('common:validation.required'));
      return;
    }
    setBusy(true);
    try {
      const setError = (_field: string, e: { message?: string }) => setNameError(e.message ?? null);
      const form = { setError: setError as never, fields: ['name'] as never };
      if (!group) {
        const r = await create({ location_id: locationId, name: name.trim(), cameras }, ROOMS_CONTEXT);
        if (finish(r.error, r.data?.createLocationGroup, form)) onDone();
        return;
      }
      if (name.trim() !== group.name) {
        const r = await rename({ id: group.id, name: name.trim() });
        if (!finish(r.error, r.data?.updateLocationGroupName, form)) return;
      }
      const r = await updateCameras({ id: group.id, cameras });
      if (finish(r.error, r.data?.updateGroupCamera)) onDone();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      aria-label={group ? t('setup:groups.editTitle') : t('setup:groups.createTitle')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('setup:fields.name')}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNameError(null);
          }}
          withAsterisk
          aria-required
          error={nameError}
        />
        <CamerasLoaded {...cameraList} />
        <MultiSelect
          label={t('setup:groups.cameras')}
          data={cameraOptions}
          value={cameras}
          onChange={setCameras}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={busy} disabled={!cameraList.complete}>
            {t('setup:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
