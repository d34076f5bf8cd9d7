import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Alert, Badge, Button, FileButton, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../lib/notices';
import { PhotoFields } from '../forms/photo-fields';
import { photoSchema, type PhotoFormValues } from '../forms/photo-form.schema';
import { useAlbumUpload, type UploadItem } from '../hooks/use-album-upload';
import { ACCEPT } from '../lib/upload-rules';
import classes from './photos.module.css';

const PHASE_COLOUR: Record<UploadItem['phase'], string> = {
  queued: 'gray',
  uploading: 'primary',
  checking: 'primary',
  saving: 'primary',
  done: 'success',
  failed: 'danger',
};

function UploadRow({ item, onRemove, busy }: { item: UploadItem; onRemove(): void; busy: boolean }) {
  const { t } = useTranslation('photos');
  const percent = Math.round(item.progress * 100);
  return (
    <Stack gap={4} data-testid="upload-item" data-phase={item.phase}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" truncate="end" style={{ minWidth: 0, flex: 1 }}>
          {item.file.name}
        </Text>
        <Badge color={PHASE_COLOUR[item.phase]} variant="light">
          {item.phase === 'done' && item.pending ? t('upload.phases.pending') : t(`upload.phases.${item.phase}`)}
        </Badge>
        {!busy && item.phase !== 'done' ? (
          <ActionIcon
            variant="subtle"
            color="danger"
            className={classes.touch}
            onClick={onRemove}
            aria-label={t('upload.remove', { name: item.file.name })}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        ) : null}
      </Group>
      {item.phase === 'uploading' || item.phase === 'checking' || item.phase === 'saving' ? (
        <Progress
          value={item.phase === 'uploading' ? percent : 100}
          animated={item.phase !== 'uploading'}
          size="sm"
          aria-label={t('upload.progress', { name: item.file.name })}
          data-testid="upload-progress"
        />
      ) : null}
      {item.phase === 'failed' && item.message ? (
        <Text size="xs" c="danger" role="alert">
          {item.message}
        </Text>
      ) : null}
    </Stack>
  );
}

interface Props {
  opened: boolean;
  album: string;
  location: { id: string; name: string } | null;
  onClose(): void;
  onSaved(): void;
}

/** Several photos or videos to an album of the current location, each with its progress, then the same caption and tags. */
export function UploadModal({ opened, album, location, onClose, onSaved }: Props) {
  const { t } = useTranslation(['photos', 'common']);
  const upload = useAlbumUpload();
  const form = useForm<PhotoFormValues>({ resolver: zodResolver(photoSchema), defaultValues: { caption: '', students: [], staff: [] } });

  const waiting = upload.items.filter((i) => i.phase === 'queued').length;
  const failed = upload.items.filter((i) => i.phase === 'failed').length;
  const done = upload.items.filter((i) => i.phase === 'done').length;

  const submit = form.handleSubmit(async (values) => {
    if (!location) return;
    const result = await upload.start(
      { album, location_id: location.id, caption: values.caption || null, students: values.students, staff: values.staff },
      true,
    );
    if (result.saved) onSaved();
    if (result.failed === 0 && result.saved > 0) {
      showMessage(t('photos:upload.allSaved', { count: result.saved }), true);
      close();
    } else if (result.failed > 0) {
      showMessage(t('photos:upload.someFailed', { count: result.failed }), false);
    }
  });

  function close() {
    if (upload.running) return;
    upload.clear();
    form.reset({ caption: '', students: [], staff: [] });
    onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t(`photos:upload.title.${album}`)}
      size="lg"
      fullScreen={false}
      closeOnClickOutside={!upload.running}
    >
      {!location ? (
        <Alert color="primary" variant="light" data-testid="photos-location-needed">
          {t('photos:pickLocation')}
        </Alert>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate data-testid="photo-upload-form">
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('photos:upload.where', { location: location.name })}
            </Text>
            <FileButton onChange={(files) => upload.add(files)} accept={ACCEPT} multiple disabled={upload.running}>
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  size="md"
                  className={classes.touch}
                  leftSection={<IconUpload size={18} aria-hidden />}
                  data-testid="photo-choose"
                >
                  {t('photos:upload.choose')}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              {t('photos:upload.rules')}
            </Text>
            {upload.items.length ? (
              <Stack gap="xs" data-testid="upload-list">
                {upload.items.map((item) => (
                  <UploadRow key={item.key} item={item} busy={upload.running} onRemove={() => upload.remove(item.key)} />
                ))}
              </Stack>
            ) : null}
            <PhotoFields control={form.control} album={album} locationId={location.id} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" size="md" onClick={close} disabled={upload.running}>
                {done ? t('common:actions.close') : t('common:actions.cancel')}
              </Button>
              <Button type="submit" size="md" loading={upload.running} disabled={waiting + failed === 0} data-testid="photo-upload-submit">
                {failed && !waiting ? t('photos:upload.retry') : t('photos:upload.submit', { count: waiting + failed })}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
