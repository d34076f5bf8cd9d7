import { Avatar, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showMessage } from '../../../lib/notices';
import { uploadFile } from '../../../lib/upload-file';
import { uploadType } from '../../../lib/upload-form';

/** What the purpose accepts (the server checks again, by the file's bytes). */
const ACCEPT = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'];
const MAX_BYTES = 15 * 1024 * 1024;
/** How long the page waits for the server's check before telling the person to look later. */
const CHECK_WAIT_MS = 60_000;

type Phase = { step: 'idle' } | { step: 'uploading'; progress: number } | { step: 'checking' };

interface Props {
  studentId: string;
  name: string;
  photo: { thumbnail_url: string | null } | null;
  canUpload: boolean;
  onSaved(): void;
}

/**
 * The child's photo: the thumbnail, and for those who may change it, an upload straight to the
 * file store (signed form, with progress), then the server's check (re-encoding, metadata removed)
 * before the new photo shows.
 */
export function StudentPhoto({ studentId, name, photo, canUpload, onSaved }: Props) {
  const { t } = useTranslation(['people', 'common']);
  const client = useClient();
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });

  async function upload(file: File | null) {
    if (!file) return;
    if (!ACCEPT.includes(uploadType(file))) return showMessage(t('people:photo.wrongType'), false);
    if (file.size > MAX_BYTES) return showMessage(t('people:photo.tooLarge', { mb: MAX_BYTES / 1024 / 1024 }), false);
    try {
      const up = await uploadFile(client, 'student_photo', studentId, file, {
        waitMs: CHECK_WAIT_MS,
        onProgress: (progress) => setPhase({ step: 'uploading', progress }),
        onPhase: (step) => setPhase(step === 'checking' ? { step } : { step, progress: 0 }),
      });
      if ('error' in up) {
        if (up.kind === 'refused') return void reportMutationError(up.graphql, t);
        if (up.kind === 'timeout') return showMessage(t('people:photo.stillChecking'), false);
        if (up.kind === 'rejected') return showMessage(t('people:photo.rejected', { reason: up.error }), false);
        return showMessage(up.kind === 'transfer' ? t('people:photo.uploadFailed', { reason: up.error }) : t('common:errors.network'), false);
      }
      showMessage(t('people:photo.saved'), true);
      onSaved();
    } finally {
      setPhase({ step: 'idle' });
    }
  }

  const busy = phase.step !== 'idle';
  return (
    <Group gap="md" wrap="nowrap" data-testid="student-photo">
      <Avatar
        src={photo?.thumbnail_url ?? null}
        alt={photo?.thumbnail_url ? t('people:photo.alt', { name }) : ''}
        size={96}
        radius="md"
        color="primary"
        data-testid="student-photo-image"
      >
        {name
          .split(' ')
          .map((part) => part[0])
          .slice(0, 2)
          .join('')}
      </Avatar>
      {canUpload ? (
        <Stack gap={6} miw={180}>
          <FileButton onChange={(f) => void upload(f)} accept={[...ACCEPT, 'image/heif', '.heic', '.heif'].join(',')} disabled={busy}>
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="xs"
                leftSection={<IconCamera size={16} aria-hidden />}
                loading={busy}
                data-testid="student-photo-upload"
              >
                {photo ? t('people:photo.change') : t('people:photo.add')}
              </Button>
            )}
          </FileButton>
          {phase.step === 'uploading' ? (
            <Progress
              value={Math.round(phase.progress * 100)}
              size="sm"
              aria-label={t('people:photo.progress')}
              data-testid="student-photo-progress"
            />
          ) : null}
          {phase.step === 'checking' ? (
            <Text size="xs" c="dimmed" role="status">
              {t('people:photo.checking')}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Group>
  );
}
