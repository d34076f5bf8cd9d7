import { Alert, Card, Checkbox, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { RolesQuery } from '../api/roles.query';
import { SidebarPermissionsQuery, type SidebarPermissionData } from '../api/sidebar-permissions.query';
import { UpdateSidebarPermissionMutation } from '../api/update-sidebar-permission.mutation';

/** /navigation: which roles see each menu entry (the centre's sidebar permissions). */
export function NavigationPage() {
  const { t } = useTranslation(['access', 'common']);
  const [sidebar] = useQuery({ query: SidebarPermissionsQuery });
  const [rolesResult] = useQuery({ query: RolesQuery });
  const [{ fetching: saving }, update] = useMutation(UpdateSidebarPermissionMutation);
  const roles = useMemo(() => rolesResult.data?.roles ?? [], [rolesResult.data]);
  const entries = sidebar.data?.getSidebarPermissions ?? [];

  const columns = useMemo<DataTableColumn<SidebarPermissionData>[]>(
    () => [
      {
        key: 'menu_name',
        header: t('access:navigation.menuEntry'),
        value: (entry) => t(`access:menuNames.${entry.menu_name}`, { defaultValue: entry.menu_name }),
        render: (entry) => t(`access:menuNames.${entry.menu_name}`, { defaultValue: entry.menu_name }),
      },
      ...roles.map<DataTableColumn<SidebarPermissionData>>((role) => ({
        key: `role:${role.name}`,
        header: role.display_name,
        searchable: false,
        value: (entry) => entry.roles.includes(role.name),
        render: (entry) => {
          const shown = entry.roles.includes(role.name);
          const label = t(`access:menuNames.${entry.menu_name}`, { defaultValue: entry.menu_name });
          return (
            <Checkbox
              checked={shown}
              disabled={saving}
              aria-label={t('access:navigation.toggle', { entry: label, role: role.display_name })}
              data-testid={`nav-${role.name}-${entry.menu_name}`}
              onChange={async () => {
                const next = shown ? entry.roles.filter((r) => r !== role.name) : [...entry.roles, role.name];
                const result = await update({ menu_name: entry.menu_name, roles: next }, { additionalTypenames: ['SidebarPermission'] });
                if (reportMutationError(result.error, t)) return;
                if (result.data) showNotice(result.data.updateSidebarPermission);
              }}
            />
          );
        },
      })),
    ],
    [roles, t, saving, update],
  );

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('access:navigation.title')}
        </Title>
        <Text c="dimmed">{t('access:navigation.lead')}</Text>
      </div>
      {sidebar.error || rolesResult.error ? (
        <Alert color="danger" variant="light" role="alert">
          {t('access:loadFailed')}
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="lg">
        <DataTable
          label={t('access:navigation.tableLabel')}
          rows={entries}
          columns={columns}
          rowKey={(e) => e.menu_name}
          loading={sidebar.fetching}
        />
      </Card>
    </Stack>
  );
}
