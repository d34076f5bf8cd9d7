import { Avatar, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useMutation } from 'urql';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showMessage } from '../../../lib/notices';
import { postUploadForm, UploadError, uploadType } from '../../../lib/upload-form';
import { CompleteUploadMutation, PresignPhotoMutation, UploadStatusQuery, type UploadedFile } from '../api/photo.mutation';

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
  const [, presign] = useMutation(PresignPhotoMutation);
  const [, complete] = useMutation(CompleteUploadMutation);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });

  async function waitForCheck(uploadId: string): Promise<UploadedFile | null> {
    const until = Date.now() + CHECK_WAIT_MS;
    while (Date.now() < until) {
      const r = await client.query(UploadStatusQuery, { upload_id: uploadId }, { requestPolicy: 'network-only' }).toPromise();
      const file = r.data?.uploadStatus;
      if (r.error || !file) return null;
      if (file.status === 'ready' || file.status === 'rejected') return file;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    return null;
  }

  async function upload(file: File | null) {
    if (!file) return;
    if (!ACCEPT.includes(uploadType(file))) return showMessage(t('people:photo.wrongType'), false);
    if (file.size > MAX_BYTES) return showMessage(t('people:photo.tooLarge', { mb: MAX_BYTES / 1024 / 1024 }), false);
    setPhase({ step: 'uploading', progress: 0 });
    try {
      const signed = await presign({ owner_id: studentId, content_type: uploadType(file), size: file.size, file_name: file.name });
      if (reportMutationError(signed.error, t) || !signed.data) return;
      const ticket = signed.data.getPresignedUploadUrl;
      await postUploadForm(ticket, file, (progress) => setPhase({ step: 'uploading', progress }));
      setPhase({ step: 'checking' });
      const done = await complete({ upload_id: ticket.upload_id });
      if (reportMutationError(done.error, t) || !done.data) return;
      const checked = await waitForCheck(ticket.upload_id);
      if (!checked) return showMessage(t('people:photo.stillChecking'), false);
      if (checked.status === 'rejected') return showMessage(t('people:photo.rejected', { reason: checked.reason ?? '' }), false);
      showMessage(t('people:photo.saved'), true);
      onSaved();
    } catch (e) {
      showMessage(e instanceof UploadError ? t('people:photo.uploadFailed', { reason: e.message }) : t('common:errors.network'), false);
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
