import { ActionIcon, Alert, Anchor, Badge, Button, Card, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconHistory, IconPencil, IconPlus, IconSettings, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { EmailText, PhoneText } from '../../../components/formatted';
import { currentLocation } from '../../../lib/current-location';
import { paths } from '../../../lib/paths';
import type { LocationData } from '../api/fragments';
import { DeleteLocationMutation } from '../api/locations.mutation';
import { LocationsPageQuery } from '../api/locations.query';
import { ColourSwatch } from '../components/colour-swatch';
import { HistoryModal } from '../components/history-modal';
import { PageHeader } from '../components/page-header';
import { LocationForm } from '../forms/location-form';
import { useFinish } from '../hooks/use-finish';
import { useLocationSave } from '../hooks/use-location-save';

const CONTEXT = { additionalTypenames: ['Location', 'Schedule'] };

/** /locations: every location the viewer manages, with create, edit, history and delete. */
export function LocationsPage() {
  const { t } = useTranslation(['setup', 'common']);
  const [paging, setPaging] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [{ data, fetching, error }] = useQuery({ query: LocationsPageQuery, variables: paging, context: CONTEXT });
  const [editing, setEditing] = useState<LocationData | 'new' | null>(null);
  const [history, setHistory] = useState<{ kind: 'location'; id: string; name: string } | null>(null);
  const navigate = useNavigate();
  const save = useLocationSave();
  const finish = useFinish();
  const [, remove] = useMutation(DeleteLocationMutation);

  const columns = useMemo<DataTableColumn<LocationData>[]>(
    () => [
      {
        key: 'name',
        header: t('setup:fields.name'),
        render: (l) => (
          <Anchor component={Link} to={paths.locationRooms.to({ locationId: l.id })} size="sm">
            {l.name}
          </Anchor>
        ),
      },
      { key: 'timezone.value', header: t('setup:fields.timezone') },
      { key: 'email', header: t('setup:fields.email'), render: (l) => <EmailText value={l.email} /> },
      { key: 'phone', header: t('setup:fields.phone'), render: (l) => <PhoneText value={l.phone} /> },
      {
        key: 'managers',
        header: t('setup:fields.managers'),
        value: (l) => l.managers.map((m) => m.full_name).join(', '),
        render: (l) => <Text size="sm">{l.managers.map((m) => m.full_name).join(', ')}</Text>,
      },
      {
        key: 'signup_code',
        header: t('setup:fields.signupCode'),
        render: (l) =>
          l.is_signup ? (
            <Text size="sm">{l.signup_code}</Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t('setup:locations.signupOff')}
            </Text>
          ),
      },
      { key: 'color_code', header: t('setup:fields.colour'), render: (l) => <ColourSwatch colour={l.color_code} /> },
      {
        key: 'active',
        header: t('setup:fields.status'),
        render: (l) => (
          <Badge variant="light" color={l.active ? 'success' : 'gray'}>
            {l.active ? t('setup:status.active') : t('setup:status.inactive')}
          </Badge>
        ),
      },
      {
        key: 'actions',
        header: t('shell:table.actions'),
        sortable: false,
        searchable: false,
        render: (l) => (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('setup:actions.edit')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('setup:actions.editNamed', { name: l.name })}
                onClick={() => setEditing(l)}
                data-testid={`edit-location-${l.name}`}
              >
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('setup:actions.settings')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('setup:actions.settingsNamed', { name: l.name })}
                data-testid={`location-settings-${l.name}`}
                onClick={() => {
                  // /manage-location works on the current location: make it this one.
                  currentLocation.set({ id: l.id, name: l.name });
                  navigate(paths.manageLocation.to());
                }}
              >
                <IconSettings size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('setup:actions.history')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('setup:actions.historyNamed', { name: l.name })}
                onClick={() => setHistory({ kind: 'location', id: l.id, name: l.name })}
              >
                <IconHistory size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('setup:actions.delete')}>
              <ActionIcon
                variant="subtle"
                color="danger"
                aria-label={t('setup:actions.deleteNamed', { name: l.name })}
                onClick={() =>
                  confirmDelete(t, l.name, async () => {
                    const r = await remove({ id: l.id }, CONTEXT);
                    finish(r.error, r.data?.deleteLocation);
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

  const page = data?.getAllLocations;
  const current = editing === 'new' ? null : editing;
  return (
    <Stack gap="md">
      <PageHeader
        title={t('setup:locations.title')}
        lead={t('setup:locations.lead')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')} data-testid="add-location">
            {t('setup:locations.add')}
          </Button>
        }
      />
      {error ? (
        <Alert color="danger" variant="light" role="alert">
          {t('setup:loadFailed')}
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="lg">
        <DataTable
          label={t('setup:locations.table')}
          rows={page?.data ?? []}
          columns={columns}
          rowKey={(l) => l.id}
          loading={fetching}
          server={{ paginatorInfo: page?.paginatorInfo ?? null, onPage: setPaging }}
        />
      </Card>
      <Modal
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        size="xl"
        title={current ? t('setup:locations.editTitle') : t('setup:locations.createTitle')}
      >
        {editing !== null ? (
          <LocationForm
            key={current?.id ?? 'new'}
            location={current}
            onCancel={() => setEditing(null)}
            onSubmit={async (values, setError) => {
              const saved = await save(current, values, setError);
              if (saved) setEditing(null);
              return Boolean(saved);
            }}
          />
        ) : null}
      </Modal>
      <HistoryModal target={history} onClose={() => setHistory(null)} />
    </Stack>
  );
}
