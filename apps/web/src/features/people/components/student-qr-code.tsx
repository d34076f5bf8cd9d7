import { Button, Code, Modal, Stack, Text } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { QrCode } from '../../../components/qr-code';
import { formatDateTime } from '../../../lib/format';
import { GenerateStudentQrCodeMutation } from '../api/families.mutation';
import { useFinish } from '../hooks/use-notice-call';
import { usePeoplePaths } from '../hooks/use-people-paths';
import { parentAddCodeUrl } from './add-child-by-code';

/** Staff make a child's one-time code; a parent scans the QR code (or types the code) to add the child. */
export function StudentQrCode({ student }: { student: { id: string; full_name: string } }) {
  const { t } = useTranslation(['people', 'common']);
  const finish = useFinish();
  const { pet } = usePeoplePaths();
  const [, generate] = useMutation(GenerateStudentQrCodeMutation);
  const [made, setMade] = useState<{ code: string; expires_at: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function open() {
    setBusy(true);
    const r = await generate({ student_id: student.id });
    setBusy(false);
    const payload = r.data?.generateStudentQrCode;
    if (finish(r.error, payload) && payload) setMade({ code: payload.code, expires_at: payload.expires_at });
  }

  return (
    <>
      <Button variant="light" leftSection={<IconQrcode size={16} aria-hidden />} loading={busy} onClick={open} data-testid="student-qr">
        {t('people:qr.open')}
      </Button>
      <Modal
        opened={made !== null}
        onClose={() => setMade(null)}
        title={t('people:qr.title', { name: student.full_name })}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        {made ? (
          <Stack gap="sm">
            <Text size="sm">{t('people:qr.lead')}</Text>
            <QrCode
              value={parentAddCodeUrl(made.code, pet)}
              label={t('people:qr.imageLabel', { name: student.full_name })}
              downloadLabel={t('people:qr.download')}
              fileName={`child-code-${student.id}`}
            />
            <Text size="sm">
              {t('people:qr.code')} <Code data-testid="student-code">{made.code}</Code>
            </Text>
            <Text size="sm" c="dimmed">
              {t('people:qr.expires', { when: formatDateTime(made.expires_at) })}
            </Text>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
