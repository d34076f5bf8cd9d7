import { Anchor, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import type { PhotoData } from '../api/photos.query';
import { fullName } from '../lib/names';
import classes from './photos.module.css';

/** One photo or video at full size, with its caption, time and tags. */
export function PhotoViewer({ photo, onClose }: { photo: PhotoData | null; onClose(): void }) {
  const { t } = useTranslation('photos');
  const file = photo?.file;
  const video = file?.content_type?.startsWith('video/') ?? false;
  return (
    <Modal opened={photo !== null} onClose={onClose} size="xl" title={photo?.caption || t('gallery.photo')} centered>
      {photo && file?.url ? (
        <Stack gap="sm" data-testid="photo-viewer">
          {video ? (
            <video className={classes.viewer} src={file.url} poster={file.thumbnail_url ?? undefined} controls playsInline />
          ) : (
            <img
              className={classes.viewer}
              src={file.url}
              alt={photo.caption ?? ''}
              width={file.width ?? undefined}
              height={file.height ?? undefined}
            />
          )}
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              {formatDateTime(photo.taken_at)}
              {photo.uploaded_by ? ` · ${t('gallery.by', { name: fullName(photo.uploaded_by) })}` : ''}
            </Text>
            <Anchor href={file.url} target="_blank" rel="noopener noreferrer" size="sm">
              {t('gallery.openOriginal')}
            </Anchor>
          </Group>
          {photo.students.length + photo.staff.length ? (
            <Text size="sm">{[...photo.students, ...photo.staff].map(fullName).join(', ')}</Text>
          ) : null}
        </Stack>
      ) : (
        <Text c="dimmed">{t('gallery.unavailable')}</Text>
      )}
    </Modal>
  );
}
