import { Alert, Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { formatDateTime, formatDay } from '../../../lib/format';
import { FileQuery, MarkReadMutation } from '../api/documents.graphql';

/** /others/:otherId: one centre file the viewer sees; opening it marks it read (a view in its log). */
export function FilePage() {
  const { t } = useTranslation('documents');
  const { otherId = '' } = useParams();
  const [{ data, error }] = useQuery({ query: FileQuery, variables: { id: otherId } });
  const [, mark] = useMutation(MarkReadMutation);
  const file = data?.getSingleFile;
  useEffect(() => {
    if (file?.id && !file.read) void mark({ id: file.id });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file?.id]);
  if (error) return <Alert color="gray">{t('notFound')}</Alert>;
  return (
    <Stack gap="md" data-testid="file-page">
      <Title order={1} size="h2">
        {file?.name ?? t('filesTitle')}
      </Title>
      {file ? (
        <Card withBorder>
          <Stack gap="xs">
            {file.description ? <Text>{file.description}</Text> : null}
            {file.instructions ? <Text size="sm">{file.instructions}</Text> : null}
            {file.expiry_date ? <Text size="sm">{t('expiresOn', { date: formatDay(file.expiry_date) })}</Text> : null}
            <Text size="sm" c="dimmed">
              {t('added')}: {formatDateTime(file.created_at)}
            </Text>
            {file.file?.url ? (
              <Anchor href={file.file.url} target="_blank" rel="noreferrer" data-testid="file-download">
                {file.file.original_name}
              </Anchor>
            ) : null}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
