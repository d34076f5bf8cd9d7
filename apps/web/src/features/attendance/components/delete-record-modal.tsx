import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { CombinedError } from '@urql/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../lib/graphql-errors';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice, type NoticeTriple } from '../../../lib/notices';
import type { RecordTarget } from './correction-modal';

/**
 * Deletes one attendance record after a confirmation naming it; the API asks why, and the record
 * stays in the audit trail with that reason.
 */
export function DeleteRecordModal({
  target,
  onDelete,
  onClose,
  onDeleted,
}: {
  target: RecordTarget | null;
  onDelete(id: string, reason: string): Promise<{ error?: CombinedError; notice?: NoticeTriple | null }>;
  onClose(): void;
  onDeleted(): void;
}) {
  const { t } = useTranslation(['attendance', 'common', 'shell']);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  return (
    <Modal
      opened={Boolean(target)}
      onClose={close}
      title={t('shell:confirmDelete.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {target ? (
        <form
          noValidate
          aria-label={t('attendance:remove.formLabel')}
          data-testid="delete-record-form"
          onSubmit={async (e) => {
            e.preventDefault();
            if (reason.trim().length < 3) {
              setError(t('attendance:correct.errors.reasonShort'));
              return;
            }
            setBusy(true);
            const result = await onDelete(target.record.id, reason.trim());
            setBusy(false);
            if (result.error) {
              const byField = fieldErrors(result.error);
              if (byField.reason) setError(byField.reason);
              else reportMutationError(result.error, t);
              return;
            }
            if (result.notice) showNotice(result.notice);
            close();
            onDeleted();
          }}
        >
          <Stack gap="sm">
            <Text size="sm" data-testid="confirm-delete-text">
              {t('shell:confirmDelete.text', { name: t('attendance:remove.recordOf', { name: target.child.full_name }) })}
            </Text>
            <Textarea
              label={t('attendance:correct.reason')}
              description={t('attendance:correct.reasonHint')}
              value={reason}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                setError(null);
              }}
              withAsterisk
              aria-required
              autosize
              minRows={2}
              maxLength={300}
              error={error}
              data-testid="delete-reason"
            />
            <Text size="xs" c="dimmed">
              {t('attendance:correct.audited')}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('attendance:common.cancel')}
              </Button>
              <Button type="submit" color="danger" loading={busy} data-testid="confirm-delete">
                {t('shell:confirmDelete.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
