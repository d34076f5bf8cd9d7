import { Anchor, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { uploadFile } from '../../../lib/upload-file';

/** The file a field holds: its id, and where known its name and signed URL. */
export type AttachedFile = { id: string; name: string; url: string | null };

/** What a form's file field accepts (the `form_attachment` purpose: PDF, JPEG, PNG, WebP ≤ 10 MB). */
const ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';
const MAX_BYTES = 10 * 1024 * 1024;

/**
 * A web form's file field: the chosen file is uploaded at once for the child (`form_attachment`),
 * with progress, and the field's value becomes the checked file's id; until then `onBusy(true)`.
 */
export function FileField({
  fieldId,
  label,
  required,
  error,
  studentId,
  attached,
  onChange,
  onBusy,
}: {
  fieldId: string;
  label: string;
  required: boolean;
  error?: string;
  studentId: string;
  attached: AttachedFile | null;
  onChange: (file: AttachedFile | null) => void;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation('forms');
  const client = useClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const pick = async (file: File | null) => {
    setProblem(null);
    if (!file) return onChange(null);
    if (file.size > MAX_BYTES) return setProblem(t('fill.fileTooBig'));
    setProgress(0);
    onBusy(true);
    try {
      const up = await uploadFile(client, 'form_attachment', studentId, file, { onProgress: setProgress });
      if ('error' in up) return setProblem(t('fill.fileFailed', { reason: up.error }));
      onChange({ id: up.id, name: up.name, url: up.url });
    } finally {
      setProgress(null);
      onBusy(false);
    }
  };

  return (
    <Stack gap={4} data-testid={`field-${fieldId}`}>
      <FileInput
        label={label}
        required={required}
        accept={ACCEPT}
        clearable
        leftSection={<IconPaperclip size={16} aria-hidden />}
        placeholder={attached ? attached.name : t('fill.choose')}
        description={t('fill.fileHint')}
        error={problem ?? error}
        onChange={(f) => void pick(f)}
        disabled={progress !== null}
        data-testid={`file-input-${fieldId}`}
      />
      {progress !== null ? <Progress value={Math.round(progress * 100)} size="sm" aria-label={t('fill.uploading')} animated /> : null}
      {progress !== null ? (
        <Text size="xs" c="dimmed">
          {progress < 1 ? t('fill.uploading') : t('fill.checking')}
        </Text>
      ) : null}
      {attached && progress === null ? (
        <Group gap={6}>
          <Text size="sm">{t('fill.attached')}</Text>
          {attached.url ? (
            <Anchor href={attached.url} target="_blank" rel="noopener" size="sm" data-testid={`attached-${fieldId}`}>
              {attached.name}
            </Anchor>
          ) : (
            <Text size="sm" data-testid={`attached-${fieldId}`}>
              {attached.name}
            </Text>
          )}
        </Group>
      ) : null}
    </Stack>
  );
}
