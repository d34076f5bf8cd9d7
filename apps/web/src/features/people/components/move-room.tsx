import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { showMessage } from '../../../lib/notices';
import { PeopleLocationsQuery, PeopleRoomsQuery } from '../api/people.query';
import { TransferProgramsMutation } from '../api/students.mutation';
import { moveRoomSchema, type MoveRoomValues } from '../forms/bulk-forms.schema';
import { useFormErrors } from '../hooks/use-form-errors';

function RoomSelect({
  control,
  name,
  label,
  data,
  disabled,
  testId,
}: {
  control: Control<MoveRoomValues>;
  name: 'from_program_id' | 'to_program_id';
  label: string;
  data: { value: string; label: string }[];
  disabled: boolean;
  testId: string;
}) {
  const { t } = useTranslation(['people', 'common']);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          withAsterisk
          aria-required
          data={data}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          disabled={disabled}
          allowDeselect={false}
          error={fieldState.error?.type === 'server' ? fieldState.error.message : fieldState.error?.message && t(fieldState.error.message)}
          comboboxProps={{ withinPortal: true }}
          data-testid={testId}
        />
      )}
    />
  );
}

/** transferPrograms: every student of one room moves to another room of the same location. */
function MoveRoomForm({ onDone, onCancel }: { onDone(): void; onCancel(): void }) {
  const { t } = useTranslation(['people', 'common']);
  const formError = useFormErrors();
  const [, move] = useMutation(TransferProgramsMutation);
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, setError, setValue, watch, formState } = useForm<MoveRoomValues>({
    resolver: zodResolver(moveRoomSchema),
    defaultValues: { location_id: '', from_program_id: '', to_program_id: '' },
  });
  const locationId = watch('location_id');
  const [{ data: locations }] = useQuery({ query: PeopleLocationsQuery, variables: {} });
  const [{ data: rooms }] = useQuery({ query: PeopleRoomsQuery, variables: { location_id: locationId }, pause: !locationId });
  const roomOptions = (rooms?.roomsByLocation ?? []).map((p) => ({ value: p.id, label: p.name }));

  return (
    <form
      noValidate
      aria-label={t('people:moveRoom.title')}
      data-testid="move-room-form"
      onSubmit={handleSubmit(async (v) => {
        setServerError(null);
        const r = await move({ from_program_id: v.from_program_id, to_program_id: v.to_program_id });
        const payload = r.data?.transferPrograms;
        const message = formError(r.error, payload, { setError, fields: ['from_program_id', 'to_program_id'] });
        if (message !== null) {
          setServerError(message || null);
          return;
        }
        const to = roomOptions.find((o) => o.value === v.to_program_id)?.label ?? '';
        showMessage(t('people:moveRoom.done', { count: payload?.students.length ?? 0, room: to }), true);
        onDone();
      })}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('people:moveRoom.lead')}
        </Text>
        <Controller
          control={control}
          name="location_id"
          render={({ field, fieldState }) => (
            <Select
              label={t('people:student.location')}
              withAsterisk
              aria-required
              data={(locations?.dropdownLocations ?? []).map((l) => ({ value: l.id, label: l.name }))}
              value={field.value || null}
              onChange={(value) => {
                field.onChange(value ?? '');
                setValue('from_program_id', '');
                setValue('to_program_id', '');
              }}
              onBlur={field.onBlur}
              allowDeselect={false}
              error={fieldState.error?.message && t(fieldState.error.message)}
              comboboxProps={{ withinPortal: true }}
              data-testid="move-room-location"
            />
          )}
        />
        <RoomSelect
          control={control}
          name="from_program_id"
          label={t('people:moveRoom.from')}
          data={roomOptions}
          disabled={!locationId}
          testId="move-room-from"
        />
        <RoomSelect
          control={control}
          name="to_program_id"
          label={t('people:moveRoom.to')}
          data={roomOptions}
          disabled={!locationId}
          testId="move-room-to"
        />
        {serverError ? (
          <Alert color="danger" role="alert" data-testid="move-room-error">
            {serverError}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={formState.isSubmitting} data-testid="move-room-submit">
            {t('people:moveRoom.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function MoveRoom({ opened, onClose, onDone }: { opened: boolean; onClose(): void; onDone(): void }) {
  const { t } = useTranslation(['people', 'common']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('people:moveRoom.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {opened ? <MoveRoomForm onDone={onDone} onCancel={onClose} /> : null}
    </Modal>
  );
}
