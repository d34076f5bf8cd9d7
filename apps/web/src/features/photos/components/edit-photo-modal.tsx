import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { UpdatePhotoMutation } from '../api/photos.mutation';
import type { PhotoData } from '../api/photos.query';
import { PhotoFields } from '../forms/photo-fields';
import { photoSchema, type PhotoFormValues } from '../forms/photo-form.schema';
import { fullName } from '../lib/names';

const FIELDS = ['caption', 'students', 'staff'] as const;

/** A photo's caption and tags. */
export function EditPhotoModal({ photo, onClose, onSaved }: { photo: PhotoData | null; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation(['photos', 'common']);
  const [{ fetching }, update] = useMutation(UpdatePhotoMutation);
  const form = useForm<PhotoFormValues>({ resolver: zodResolver(photoSchema), defaultValues: { caption: '', students: [], staff: [] } });

  useEffect(() => {
    if (photo) form.reset({ caption: photo.caption ?? '', students: photo.students.map((s) => s.id), staff: photo.staff.map((s) => s.id) });
  }, [photo]);

  const submit = form.handleSubmit(async (values) => {
    if (!photo) return;
    const r = await update({
      id: photo.id,
      caption: values.caption,
      students: photo.album === 'students' ? values.students : undefined,
      staff: values.staff,
    });
    if (reportMutationError(r.error, t, { setError: form.setError, fields: FIELDS })) return;
    const answer = r.data?.updatePhoto;
    if (!answer) return;
    showNotice(answer);
    if (answer.status) {
      onSaved();
      onClose();
    }
  });

  const known = photo
    ? {
        students: photo.students.map((s) => ({ id: s.id, name: fullName(s) })),
        staff: photo.staff.map((s) => ({ id: s.id, name: fullName(s) })),
      }
    : undefined;
  return (
    <Modal opened={photo !== null} onClose={onClose} title={t('photos:edit.title')} size="lg">
      {photo ? (
        <form onSubmit={(e) => void submit(e)} noValidate data-testid="photo-edit-form">
          <Stack gap="md">
            <PhotoFields control={form.control} album={photo.album} locationId={photo.location_id} known={known} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" size="md" onClick={onClose}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" size="md" loading={fetching} data-testid="photo-edit-save">
                {t('common:actions.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
