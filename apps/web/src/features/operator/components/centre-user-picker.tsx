import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, type Control } from 'react-hook-form';
import { useQuery } from 'urql';
import { useFieldError } from '../../../components/form/field-base';
import { CenterUsersQuery } from '../api/center-users.query';

const SHOWN = 20;

/** Picks the user to enter the centre as, searching the centre's active users by name, username or email. */
export function CentreUserPicker<T extends { user_id: string }>({ centreId, control }: { centreId: string; control: Control<T> }) {
  const errorText = useFieldError();
  const { t } = useTranslation(['operator', 'common', 'shell']);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [{ data, fetching }] = useQuery({
    query: CenterUsersQuery,
    variables: { center_id: centreId, search: debounced || null, first: SHOWN },
  });
  const options = useMemo(
    () =>
      (data?.getCenterUsers.data ?? []).map((user) => ({
        value: user.id,
        label: [user.name, user.username ?? user.email, user.role ? t(`shell:roles.${user.role}`) : null].filter(Boolean).join(' · '),
      })),
    [data, t],
  );
  return (
    <Controller
      control={control as unknown as Control<{ user_id: string }>}
      name="user_id"
      render={({ field, fieldState }) => (
        <Select
          name={field.name}
          ref={field.ref}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          data={options}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={fetching ? t('common:loading') : t('shell:table.empty')}
          label={t('operator:support.user')}
          description={t('operator:support.userHint')}
          withAsterisk
          aria-required
          error={errorText(fieldState.error)}
          data-testid="support-user"
        />
      )}
    />
  );
}
