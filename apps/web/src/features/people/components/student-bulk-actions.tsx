import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { IconArrowsTransferUp, IconTagMinus, IconTagPlus, IconToggleRight, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { SelectField } from '../../../components/form/select-field';
import { showMessage } from '../../../lib/notices';
import { BulkAddTagsMutation, BulkDetachTagsMutation } from '../api/labels.mutation';
import { TagsQuery } from '../api/labels.query';
import { PeopleLocationsQuery, PeopleRoomsQuery } from '../api/people.query';
import { BULK_STATUSES, BulkStudentStatusMutation, TransferStudentsMutation } from '../api/students.mutation';
import {
  bulkStatusSchema,
  isBulkStatus,
  bulkTagsSchema,
  transferSchema,
  type BulkStatusValues,
  type BulkTagsValues,
  type TransferValues,
} from '../forms/bulk-forms.schema';
import { useFormErrors } from '../hooks/use-form-errors';
import { MultiSelectField } from './multi-select-field';

type Action = 'status' | 'addTags' | 'removeTags' | 'transfer';

interface FormProps {
  ids: string[];
  onDone(): void;
  onCancel(): void;
}

function ServerError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="danger" role="alert" data-testid="bulk-error">
      {message}
    </Alert>
  );
}

function FormButtons({ submit, submitting, onCancel, testId }: { submit: string; submitting: boolean; onCancel(): void; testId: string }) {
  const { t } = useTranslation('common');
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={onCancel}>
        {t('common:actions.cancel')}
      </Button>
      <Button type="submit" loading={submitting} data-testid={testId}>
        {submit}
      </Button>
    </Group>
  );
}

/** bulkUpdateStudentStatus: pick the status, then confirm it for the selected students. */
function StatusForm({ ids, onDone, onCancel }: FormProps) {
  const { t } = useTranslation(['people', 'common']);
  const formError = useFormErrors();
  const [, run] = useMutation(BulkStudentStatusMutation);
  const [confirming, setConfirming] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, setError, watch, formState } = useForm<BulkStatusValues>({
    resolver: zodResolver(bulkStatusSchema),
    defaultValues: { status: '' },
  });
  const status = watch('status');
  const statusName = status ? t(`people:bulk.statuses.${status}`) : '';

  const submit = handleSubmit(async (v) => {
    if (!confirming) {
      setConfirming(true);
      return;
    }
    if (!isBulkStatus(v.status)) return;
    setServerError(null);
    const r = await run({ ids, status: v.status });
    const payload = r.data?.bulkUpdateStudentStatus;
    const message = formError(r.error, payload, { setError, fields: ['status'] });
    if (message !== null) {
      setConfirming(false);
      setServerError(message || null);
      return;
    }
    showMessage(t('people:bulk.done.status', { count: payload?.students.length ?? ids.length, status: statusName }), true);
    onDone();
  });

  return (
    <form noValidate aria-label={t('people:bulk.statusTitle')} onSubmit={submit} data-testid="bulk-status-form">
      <Stack gap="sm">
        {confirming ? (
          <Text data-testid="bulk-status-confirm">{t('people:bulk.statusConfirm', { count: ids.length, status: statusName })}</Text>
        ) : (
          <SelectField
            control={control}
            name="status"
            label={t('people:bulk.statusLabel')}
            required
            data={BULK_STATUSES.map((s) => ({ value: s, label: t(`people:bulk.statuses.${s}`) }))}
          />
        )}
        <ServerError message={serverError} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={confirming ? () => setConfirming(false) : onCancel}>
            {confirming ? t('people:bulk.back') : t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={formState.isSubmitting} data-testid="bulk-status-submit">
            {confirming ? t('people:bulk.statusApply') : t('people:bulk.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** bulkAddTags / bulkDetachTags with tags of the centre's list. */
function TagsForm({ ids, onDone, onCancel, detach }: FormProps & { detach: boolean }) {
  const { t } = useTranslation(['people', 'common']);
  const formError = useFormErrors();
  const [{ data: tagData }] = useQuery({ query: TagsQuery, variables: { page: 1, first: 100 } });
  const [, add] = useMutation(BulkAddTagsMutation);
  const [, detachTags] = useMutation(BulkDetachTagsMutation);
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<BulkTagsValues>({
    resolver: zodResolver(bulkTagsSchema),
    defaultValues: { tags: [] },
  });
  const title = detach ? t('people:bulk.removeTagsTitle') : t('people:bulk.addTagsTitle');

  const submit = handleSubmit(async (v) => {
    setServerError(null);
    const vars = { students: ids, tags: v.tags };
    const r = detach ? await detachTags(vars) : await add(vars);
    const payload = r.data ? ('bulkDetachTags' in r.data ? r.data.bulkDetachTags : r.data.bulkAddTags) : undefined;
    const message = formError(r.error, payload, { setError, fields: ['tags'] });
    if (message !== null) {
      setServerError(message || null);
      return;
    }
    const count = payload?.students.length ?? ids.length;
    showMessage(detach ? t('people:bulk.done.tagsRemoved', { count }) : t('people:bulk.done.tagsAdded', { count }), true);
    onDone();
  });

  return (
    <form noValidate aria-label={title} onSubmit={submit} data-testid="bulk-tags-form">
      <Stack gap="sm">
        <MultiSelectField
          control={control}
          name="tags"
          label={t('people:student.tags')}
          required
          data={(tagData?.getTags.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
          testId="bulk-tags"
        />
        <ServerError message={serverError} />
        <FormButtons
          submit={detach ? t('people:bulk.removeTagsSubmit') : t('people:bulk.addTagsSubmit')}
          submitting={formState.isSubmitting}
          onCancel={onCancel}
          testId="bulk-tags-submit"
        />
      </Stack>
    </form>
  );
}

/** transferStudents: a location the viewer manages (required) and one of its rooms (optional). */
function TransferForm({ ids, onDone, onCancel }: FormProps) {
  const { t } = useTranslation(['people', 'common']);
  const formError = useFormErrors();
  const [, transfer] = useMutation(TransferStudentsMutation);
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, setError, setValue, watch, formState } = useForm<TransferValues>({
    resolver: zodResolver(transferSchema),
    defaultValues: { location_id: '', program_id: '' },
  });
  const locationId = watch('location_id');
  const [{ data: locations }] = useQuery({ query: PeopleLocationsQuery, variables: {} });
  const [{ data: rooms }] = useQuery({ query: PeopleRoomsQuery, variables: { location_id: locationId }, pause: !locationId });

  const submit = handleSubmit(async (v) => {
    setServerError(null);
    const r = await transfer({ ids, location_id: v.location_id, program_id: v.program_id || null });
    const payload = r.data?.transferStudents;
    const message = formError(r.error, payload, { setError, fields: ['location_id', 'program_id'] });
    if (message !== null) {
      setServerError(message || null);
      return;
    }
    showMessage(t('people:bulk.done.transferred', { count: payload?.students.length ?? ids.length }), true);
    onDone();
  });

  return (
    <form noValidate aria-label={t('people:bulk.transferTitle')} onSubmit={submit} data-testid="bulk-transfer-form">
      <Stack gap="sm">
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
                setValue('program_id', '');
              }}
              onBlur={field.onBlur}
              allowDeselect={false}
              error={
                fieldState.error?.type === 'server' ? fieldState.error.message : fieldState.error?.message && t(fieldState.error.message)
              }
              comboboxProps={{ withinPortal: true }}
              data-testid="transfer-location"
            />
          )}
        />
        <Controller
          control={control}
          name="program_id"
          render={({ field, fieldState }) => (
            <Select
              label={t('people:bulk.room')}
              description={t('people:bulk.roomHint')}
              data={(rooms?.roomsByLocation ?? []).map((p) => ({ value: p.id, label: p.name }))}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              disabled={!locationId}
              clearable
              clearButtonProps={{ 'aria-label': t('people:bulk.clearRoom') }}
              error={
                fieldState.error?.type === 'server' ? fieldState.error.message : fieldState.error?.message && t(fieldState.error.message)
              }
              comboboxProps={{ withinPortal: true }}
              data-testid="transfer-room"
            />
          )}
        />
        <ServerError message={serverError} />
        <FormButtons
          submit={t('people:bulk.transferSubmit')}
          submitting={formState.isSubmitting}
          onCancel={onCancel}
          testId="bulk-transfer-submit"
        />
      </Stack>
    </form>
  );
}

/**
 * The bar shown while students are selected on the list: bulk status (with a confirmation), add or
 * remove tags, transfer to another location. Each action opens its form in a modal; on success the
 * count is announced and `onDone` refreshes the list and clears the selection.
 */
export function StudentBulkActions({ ids, onClear, onDone }: { ids: string[]; onClear(): void; onDone(): void }) {
  const { t } = useTranslation(['people', 'common']);
  const [action, setAction] = useState<Action | null>(null);
  if (ids.length === 0) return null;
  const close = () => setAction(null);
  const done = () => {
    setAction(null);
    onDone();
  };
  const titles: Record<Action, string> = {
    status: t('people:bulk.statusTitle'),
    addTags: t('people:bulk.addTagsTitle'),
    removeTags: t('people:bulk.removeTagsTitle'),
    transfer: t('people:bulk.transferTitle'),
  };
  const props = { ids, onDone: done, onCancel: close };
  return (
    <>
      <Paper withBorder radius="md" p="sm" component="section" aria-label={t('people:bulk.region')} data-testid="bulk-bar">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text fw={600} role="status" data-testid="bulk-count">
            {t('people:bulk.selected', { count: ids.length })}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconToggleRight size={16} aria-hidden />}
              onClick={() => setAction('status')}
              data-testid="bulk-status"
            >
              {t('people:bulk.status')}
            </Button>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconTagPlus size={16} aria-hidden />}
              onClick={() => setAction('addTags')}
              data-testid="bulk-add-tags"
            >
              {t('people:bulk.addTags')}
            </Button>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconTagMinus size={16} aria-hidden />}
              onClick={() => setAction('removeTags')}
              data-testid="bulk-remove-tags"
            >
              {t('people:bulk.removeTags')}
            </Button>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconArrowsTransferUp size={16} aria-hidden />}
              onClick={() => setAction('transfer')}
              data-testid="bulk-transfer"
            >
              {t('people:bulk.transfer')}
            </Button>
            <Button variant="subtle" size="xs" leftSection={<IconX size={16} aria-hidden />} onClick={onClear} data-testid="bulk-clear">
              {t('people:bulk.clear')}
            </Button>
          </Group>
        </Group>
      </Paper>
      <Modal
        opened={action !== null}
        onClose={close}
        title={action ? titles[action] : ''}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        {action ? (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('people:bulk.selected', { count: ids.length })}
            </Text>
            {action === 'status' ? <StatusForm {...props} /> : null}
            {action === 'addTags' ? <TagsForm {...props} detach={false} /> : null}
            {action === 'removeTags' ? <TagsForm {...props} detach /> : null}
            {action === 'transfer' ? <TransferForm {...props} /> : null}
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
