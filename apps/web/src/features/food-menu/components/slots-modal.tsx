import { ActionIcon, Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { confirmDelete } from '../../../components/confirm-delete';
import { fieldErrors } from '../../../lib/graphql-errors';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { DeleteSlotMutation, SaveSlotMutation, SlotsQuery } from '../api/food-menu.graphql';
import { formatClock } from '../lib/dates';

const TYPES = ['breakfast', 'lunch', 'supper', 'snack'] as const;

/** The location's meal slots (meal or snack, times): list, add, delete. */
export function SlotsModal({ locationId, opened, onClose }: { locationId: string; opened: boolean; onClose(): void }) {
  const { t } = useTranslation(['foodMenu', 'common']);
  const [{ data }, refetch] = useQuery({
    query: SlotsQuery,
    variables: { location: locationId },
    pause: !opened,
    requestPolicy: 'cache-and-network',
  });
  const [draft, setDraft] = useState({ name: '', type: 'snack', start_time: '', end_time: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [{ fetching }, save] = useMutation(SaveSlotMutation);
  const [, remove] = useMutation(DeleteSlotMutation);

  async function add() {
    const r = await save({ location: locationId, ...draft });
    if (r.error) {
      const byField = fieldErrors(r.error);
      if (Object.keys(byField).length) setErrors(byField);
      else reportMutationError(r.error, t);
      return;
    }
    if (r.data) showNotice(r.data.saveMealSlot);
    setErrors({});
    setDraft({ name: '', type: 'snack', start_time: '', end_time: '' });
    refetch({ requestPolicy: 'network-only' });
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('slots.title')} size="lg">
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label={t('slots.title')}>
            <Table.Tbody>
              {(data?.getMealSlots ?? []).map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{s.name}</Table.Td>
                  <Table.Td>{t(`slots.types.${s.type}`)}</Table.Td>
                  <Table.Td>
                    {formatClock(s.start_time)}–{formatClock(s.end_time)}
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="danger"
                      aria-label={t('items.delete', { name: s.name })}
                      onClick={() =>
                        confirmDelete(t, s.name, async () => {
                          const r = await remove({ id: s.id });
                          if (reportMutationError(r.error, t)) return;
                          if (r.data) showNotice(r.data.deleteMealSlot);
                          refetch({ requestPolicy: 'network-only' });
                        })
                      }
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {data && data.getMealSlots.length === 0 ? <Text c="dimmed">{t('weeks.noSlots')}</Text> : null}
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('slots.name')}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
            error={errors.name}
            miw={140}
          />
          <Select
            label={t('slots.type')}
            data={TYPES.map((v) => ({ value: v, label: t(`slots.types.${v}`) }))}
            value={draft.type}
            onChange={(v) => setDraft({ ...draft, type: v ?? 'snack' })}
            allowDeselect={false}
            error={errors.type}
            miw={120}
          />
          <TextInput
            type="time"
            label={t('slots.start')}
            value={draft.start_time}
            onChange={(e) => setDraft({ ...draft, start_time: e.currentTarget.value })}
            error={errors.start_time}
            miw={110}
          />
          <TextInput
            type="time"
            label={t('slots.end')}
            value={draft.end_time}
            onChange={(e) => setDraft({ ...draft, end_time: e.currentTarget.value })}
            error={errors.end_time}
            miw={110}
          />
        </Group>
        <Group justify="flex-end">
          <Button onClick={add} loading={fetching}>
            {t('slots.add')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
