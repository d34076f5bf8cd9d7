import { ActionIcon, Alert, Button, Card, Checkbox, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { RolesWithPermissionsQuery, type PermissionData, type RoleData } from '../api/roles-with-permissions.query';
import { ReplaceRolePermissions } from '../components/replace-role-permissions';
import { AddPermissionForm } from '../forms/add-permission-form';
import { useRolePermissions } from '../hooks/use-role-permissions';

/** /permissions: which named permissions each role holds (spec §6 role-permission management). */
export function PermissionsPage() {
  const { t } = useTranslation(['access', 'common']);
  const [{ data, fetching, error }] = useQuery({ query: RolesWithPermissionsQuery });
  const calls = useRolePermissions();
  const [editing, setEditing] = useState<RoleData | null>(null);
  const roles = useMemo(() => data?.getRolesWithPermissions ?? [], [data]);
  const permissions = useMemo(() => data?.permissions ?? [], [data]);

  const columns = useMemo<DataTableColumn<PermissionData>[]>(
    () => [
      { key: 'display_name', header: t('access:permissions.displayName') },
      {
        key: 'name',
        header: t('access:permissions.name'),
        render: (p) => (
          <Text ff="monospace" size="sm">
            {p.name}
          </Text>
        ),
      },
      ...roles.map<DataTableColumn<PermissionData>>((role) => ({
        key: `role:${role.name}`,
        header: role.display_name,
        searchable: false,
        value: (p) => role.permissions.some((rp) => rp.name === p.name),
        render: (p) => {
          const held = role.permissions.some((rp) => rp.name === p.name);
          return (
            <Checkbox
              checked={held}
              disabled={calls.busy}
              aria-label={t('access:permissions.toggle', { permission: p.display_name, role: role.display_name })}
              data-testid={`perm-${role.name}-${p.name}`}
              onChange={() => void (held ? calls.removeFromRole(role.name, p.name) : calls.addToRoles(p.name, [role.name]))}
            />
          );
        },
      })),
      {
        key: 'actions',
        header: t('shell:table.actions'),
        sortable: false,
        searchable: false,
        render: (p) => (
          <Tooltip label={t('access:permissions.delete')}>
            <ActionIcon
              variant="subtle"
              color="danger"
              aria-label={t('access:permissions.deleteNamed', { permission: p.display_name })}
              data-testid={`delete-permission-${p.name}`}
              onClick={() => confirmDelete(t, p.display_name, () => calls.deleteEverywhere(p.name))}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ),
      },
    ],
    [roles, t, calls],
  );

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('access:permissions.title')}
        </Title>
        <Text c="dimmed">{t('access:permissions.lead')}</Text>
      </div>
      {error ? (
        <Alert color="danger" variant="light" role="alert">
          {t('access:loadFailed')}
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="lg">
        <Text component="h2" fw={600} mb="sm">
          {t('access:permissions.addTitle')}
        </Text>
        <AddPermissionForm
          roles={roles.map((r) => ({ value: r.name, label: r.display_name }))}
          onSubmit={(values) => calls.addToRoles(values.permission, values.roles, values.display_name)}
        />
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Text component="h2" fw={600}>
            {t('access:permissions.byRole')}
          </Text>
          <Group gap="xs">
            {roles.map((role) => (
              <Button
                key={role.id}
                size="compact-sm"
                variant="light"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={() => setEditing(role)}
                data-testid={`replace-${role.name}`}
              >
                {t('access:permissions.replaceButton', { role: role.display_name })}
              </Button>
            ))}
          </Group>
        </Group>
        <DataTable
          label={t('access:permissions.tableLabel')}
          rows={permissions}
          columns={columns}
          rowKey={(p) => p.id}
          loading={fetching}
        />
      </Card>
      <ReplaceRolePermissions role={editing} permissions={permissions} onClose={() => setEditing(null)} onSave={calls.replaceForRole} />
    </Stack>
  );
}
