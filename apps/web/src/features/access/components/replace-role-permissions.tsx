import { Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionData, RoleData } from '../api/roles-with-permissions.query';

/** Replaces one role's whole permission list. */
export function ReplaceRolePermissions({
  role,
  permissions,
  onClose,
  onSave,
}: {
  role: RoleData | null;
  permissions: PermissionData[];
  onClose(): void;
  onSave(role: string, permissions: string[]): Promise<boolean>;
}) {
  const { t } = useTranslation(['access', 'common']);
  const [value, setValue] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => setValue(role?.permissions.map((p) => p.name) ?? []), [role]);
  return (
    <Modal
      opened={role !== null}
      onClose={onClose}
      title={t('access:permissions.replaceTitle', { role: role?.display_name ?? '' })}
      centered
      size="lg"
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {t('access:permissions.replaceLead')}
        </Text>
        <MultiSelect
          label={t('access:permissions.permissionList')}
          data={permissions.map((p) => ({ value: p.name, label: `${p.display_name} (${p.name})` }))}
          value={value}
          onChange={setValue}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
          data-testid="replace-permissions"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            loading={saving}
            data-testid="replace-permissions-save"
            onClick={async () => {
              if (!role) return;
              setSaving(true);
              const ok = await onSave(role.name, value);
              setSaving(false);
              if (ok) onClose();
            }}
          >
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
