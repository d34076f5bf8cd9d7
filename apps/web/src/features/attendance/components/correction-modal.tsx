import { Modal, Text } from '@mantine/core';
import type { CombinedError } from '@urql/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice, type NoticeTriple } from '../../../lib/notices';
import { CorrectionForm } from '../forms/correction-form';
import type { CorrectionChanges } from '../forms/correction-form.schema';
import { stampInZone } from '../lib/formats';

export interface RecordTarget {
  /** The child (or staff member) the record is of. */
  child: { id: string; full_name: string; program_id?: string | null };
  record: {
    id: string;
    start_time: string;
    end_time: string | null;
    program_id?: string | null;
    /** Staff records: minutes of break (corrected with the times). */
    break_time?: number;
  };
}

/** What the modal is for: a record to correct, or a person and day to add a missed record for. */
export type EditTarget = RecordTarget | { child: RecordTarget['child']; record: null; date: string };

export type SaveRecord = (
  target: EditTarget,
  changes: CorrectionChanges & { reason: string },
) => Promise<{ error?: CombinedError; notice?: NoticeTriple | null }>;

/**
 * "Correct" a record's times or room, or "Add a record" missed at the door — with a reason that goes
 * to the record's audit trail. `save` runs the right mutation (children's or staff records).
 */
export function CorrectionModal({
  target,
  timeZone,
  rooms,
  save,
  onClose,
  onSaved,
}: {
  target: EditTarget | null;
  timeZone: string | null;
  rooms: { id: string; name: string }[];
  save: SaveRecord;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation(['attendance', 'common']);
  const creating = target?.record === null;
  const initial = useMemo(
    () =>
      !target
        ? { start_time: '', end_time: '', program_id: '' }
        : target.record
          ? {
              start_time: stampInZone(target.record.start_time, timeZone),
              end_time: stampInZone(target.record.end_time, timeZone),
              program_id: target.record.program_id ?? '',
              ...(target.record.break_time !== undefined ? { break_time: String(target.record.break_time) } : {}),
            }
          : { start_time: `${target.date} `, end_time: '', program_id: target.child.program_id ?? '' },
    [target, timeZone],
  );
  const name = target?.child.full_name ?? '';
  return (
    <Modal
      opened={Boolean(target)}
      onClose={onClose}
      title={t(creating ? 'attendance:correct.addTitle' : 'attendance:correct.title', { name })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {target ? (
        <>
          <Text c="dimmed" mb="sm">
            {t(creating ? 'attendance:correct.addLead' : 'attendance:correct.lead')}
          </Text>
          <CorrectionForm
            key={target.record?.id ?? `new-${target.child.id}`}
            initial={initial}
            timeZone={timeZone}
            rooms={rooms}
            creating={creating}
            onCancel={onClose}
            onSubmit={async (changes) => {
              const result = await save(target, changes);
              if (result.error) return result.error;
              if (result.notice) showNotice(result.notice);
              onSaved();
              return null;
            }}
          />
        </>
      ) : null}
    </Modal>
  );
}
