import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconArrowsTransferUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { z } from '../../../lib/zod';
import { SelectField } from '../../../components/form/select-field';
import type { NamedRef } from '../api/fragments';
import { TransferUsersMutation } from '../api/people.mutation';
import { PeopleLocationsQuery } from '../api/people.query';
import { useFinish } from '../hooks/use-notice-call';

/** "From every location of the viewer": no from_location_id. */
const ALL = 'all';

const schema = z.object({
  location_id: z.string().min(1, 'people:validation.pickOneLocation'),
  from_location_id: z.string(),
});
type Values = z.infer<typeof schema>;

/**
 * Moves people to another location (transferUsers): from one of their locations, or from every
 * location of the viewer when none is chosen.
 */
export function TransferPeople({ ids, current, onDone }: { ids: string[]; current: NamedRef[]; onDone(): void }) {
  const { t } = useTranslation(['people', 'common']);
  const finish = useFinish();
  const [opened, setOpened] = useState(false);
  const [, transfer] = useMutation(TransferUsersMutation);
  const [{ data }] = useQuery({ query: PeopleLocationsQuery, variables: {}, pause: !opened });
  const { control, handleSubmit, setError, reset, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { location_id: '', from_location_id: ALL },
  });
  const submit = handleSubmit(async (v) => {
    const r = await transfer({ ids, location_id: v.location_id, from_location_id: v.from_location_id === ALL ? null : v.from_location_id });
    if (finish(r.error, r.data?.transferUsers, { setError, fields: ['location_id', 'from_location_id'] })) {
      setOpened(false);
      onDone();
    }
  });
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconArrowsTransferUp size={16} aria-hidden />}
        onClick={() => {
          reset();
          setOpened(true);
        }}
        data-testid="transfer-person"
      >
        {t('people:transfer.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('people:transfer.title')}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        <form noValidate aria-label={t('people:transfer.title')} onSubmit={submit}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('people:transfer.lead')}
            </Text>
            <SelectField
              control={control}
              name="from_location_id"
              label={t('people:transfer.from')}
              description={t('people:transfer.fromHint')}
              data={[{ value: ALL, label: t('people:transfer.fromAll') }, ...current.map((l) => ({ value: l.id, label: l.name }))]}
            />
            <SelectField
              control={control}
              name="location_id"
              label={t('people:transfer.to')}
              required
              data={(data?.dropdownLocations ?? []).map((l) => ({ value: l.id, label: l.name }))}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" loading={formState.isSubmitting} data-testid="transfer-person-submit">
                {t('people:transfer.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
