import { Modal, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { showNotice } from '../../../lib/notices';
import { CorrectAttendanceMutation } from '../api/correct-attendance.mutation';
import { CorrectionForm } from '../forms/correction-form';
import { stampInZone } from '../lib/formats';

export interface RecordTarget {
  child: { id: string; full_name: string };
  record: { id: string; start_time: string; end_time: string | null };
}

/** "Correct": a manager changes a record's check-in or check-out, with a reason (updateStudentAttendance). */
export function CorrectionModal({
  target,
  timeZone,
  onClose,
  onSaved,
}: {
  target: RecordTarget | null;
  timeZone: string | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation(['attendance', 'common']);
  const [, correct] = useMutation(CorrectAttendanceMutation);
  const initial = useMemo(
    () => ({
      start_time: stampInZone(target?.record.start_time, timeZone),
      end_time: stampInZone(target?.record.end_time, timeZone),
    }),
    [target, timeZone],
  );
  return (
    <Modal
      opened={Boolean(target)}
      onClose={onClose}
      title={t('attendance:correct.title', { name: target?.child.full_name ?? '' })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {target ? (
        <>
          <Text c="dimmed" mb="sm">
            {t('attendance:correct.lead')}
          </Text>
          <CorrectionForm
            key={target.record.id}
            initial={initial}
            timeZone={timeZone}
            onCancel={onClose}
            onSubmit={async (changes) => {
              const result = await correct({ id: target.record.id, ...changes });
              if (result.error) return result.error;
              if (result.data) showNotice(result.data.updateStudentAttendance);
              onSaved();
              return null;
            }}
          />
        </>
      ) : null}
    </Modal>
  );
}
