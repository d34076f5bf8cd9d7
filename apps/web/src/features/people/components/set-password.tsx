import { Button, Modal, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { NEW_PASSWORD_FIELDS, NewPasswordForm } from '../../../components/form/new-password-form';
import type { NewPasswordValues } from '../../../components/form/new-password.schema';
import {
  UpdateAdminPasswordMutation,
  UpdateManagerPasswordMutation,
  UpdateRolePasswordMutation,
  UpdateUserPasswordMutation,
} from '../api/people.mutation';
import { useFinish } from '../hooks/use-notice-call';

/**
 * Staff set someone's password. The operation follows the person's role as the API names them:
 * contacts updateUserPassword, managers updateManagerPassword, owners updateAdminPassword (owners
 * only), any other role updateRolePassword. Their sessions end on the server.
 */
export function SetPassword({ person }: { person: { id: string; full_name: string; role: string } }) {
  const { t } = useTranslation(['people', 'common']);
  const finish = useFinish();
  const [opened, setOpened] = useState(false);
  const [, forUser] = useMutation(UpdateUserPasswordMutation);
  const [, forManager] = useMutation(UpdateManagerPasswordMutation);
  const [, forAdmin] = useMutation(UpdateAdminPasswordMutation);
  const [, forRole] = useMutation(UpdateRolePasswordMutation);

  async function save(values: NewPasswordValues) {
    const vars = { id: person.id, ...values };
    if (person.role === 'user') {
      const r = await forUser(vars);
      return { error: r.error, payload: r.data?.updateUserPassword };
    }
    if (person.role === 'manager') {
      const r = await forManager(vars);
      return { error: r.error, payload: r.data?.updateManagerPassword };
    }
    if (person.role === 'center') {
      const r = await forAdmin(vars);
      return { error: r.error, payload: r.data?.updateAdminPassword };
    }
    const r = await forRole({ ...vars, role: person.role });
    return { error: r.error, payload: r.data?.updateRolePassword };
  }

  return (
    <>
      <Button variant="light" leftSection={<IconKey size={16} aria-hidden />} onClick={() => setOpened(true)} data-testid="set-password">
        {t('people:password.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('people:password.title', { name: person.full_name })}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        <Text size="sm" c="dimmed" mb="sm">
          {t('people:password.lead')}
        </Text>
        {opened ? (
          <NewPasswordForm
            submitLabel={t('people:password.submit')}
            onSubmit={async (values, setError) => {
              const { error, payload } = await save(values);
              if (finish(error, payload, { setError, fields: NEW_PASSWORD_FIELDS })) setOpened(false);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}
