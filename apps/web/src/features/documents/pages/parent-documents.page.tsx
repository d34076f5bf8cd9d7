import { Button, Card, FileInput, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useClient, useMutation, useQuery } from 'urql';
import { showMessage } from '../../../lib/notices';
import { ListQuery, MyChildrenQuery, UploadMutation } from '../api/documents.graphql';
import { DocumentStatus } from '../components';
import { formatDay } from '../../../lib/format';
import { uploadFile } from '../../../lib/upload-file';

type Child = { id: string; full_name: string; location_id: string };
type Answer = { id: string; student_id: string | null; status: string; expiry: string | null; note: string | null; file: { original_name: string; url: string | null } | null };
type Request = { id: string; name: string; description: string | null; instructions: string | null; expiry_date: string | null; documents: Answer[] };

const PAGE = 25;

/** /user/students/documents and /user/students/:studentId/documents: per child, the documents the centre asked for, to upload and follow. */
export function ParentDocumentsPage() {
  const { t } = useTranslation('documents');
  const { studentId } = useParams();
  const [{ data }] = useQuery({ query: MyChildrenQuery });
  const kids: Child[] = (data?.students.data ?? []).filter((k: Child) => !studentId || k.id === studentId);
  return (
    <Stack gap="md" data-testid="parent-documents">
      <Title order={1} size="h2">
        {t('parentTitle')}
      </Title>
      {data && !kids.length ? <Text c="dimmed">{t('shell:table.empty')}</Text> : null}
      {kids.map((k) => (
        <ChildDocuments key={k.id} child={k} />
      ))}
    </Stack>
  );
}

function ChildDocuments({ child }: { child: Child }) {
  const { t } = useTranslation('documents');
  const [page, setPage] = useState(1);
  const [{ data }, refetch] = useQuery({ query: ListQuery, variables: { student_id: child.id, page, first: PAGE }, requestPolicy: 'cache-and-network' });
  const rows: Request[] = data?.getDocuments.data ?? [];
  const info = data?.getDocuments.paginatorInfo;
  return (
    <Card withBorder data-testid="child-documents" data-student={child.id}>
      <Text fw={600} mb="xs">
        {child.full_name}
      </Text>
      {data && !rows.length ? <Text c="dimmed">{t('shell:table.empty')}</Text> : null}
      <Stack gap="sm">
        {rows.map((r) => (
          <RequestRow key={r.id} request={r} child={child} onDone={() => refetch({ requestPolicy: 'network-only' })} />
        ))}
      </Stack>
      {info && info.lastPage > 1 ? (
        <Group justify="flex-end" gap="xs" mt="sm">
          <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('previous')}
          </Button>
          <Text size="sm">
            {page} / {info.lastPage}
          </Text>
          <Button size="xs" variant="default" disabled={page >= info.lastPage} onClick={() => setPage(page + 1)}>
            {t('next')}
          </Button>
        </Group>
      ) : null}
    </Card>
  );
}

function RequestRow({ request, child, onDone }: { request: Request; child: Child; onDone(): void }) {
  const { t } = useTranslation('documents');
  const client = useClient();
  const [, answer] = useMutation(UploadMutation);
  const [file, setFile] = useState<File | null>(null);
  const [expiry, setExpiry] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = request.documents.find((d) => d.student_id === child.id) ?? null;
  const status = latest?.status ?? 'missing';
  const mayUpload = !latest || latest.status === 'rejected' || latest.status === 'expired';

  const send = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const up = await uploadFile(client, 'document', child.location_id, file);
      if ('error' in up) return setError(t('uploadFailed', { reason: up.error }));
      const r = await answer({ request_id: request.id, file_id: up.id, student_id: child.id, expiry: expiry || null });
      if (r.error) return setError(r.error.graphQLErrors[0]?.message ?? t('failed'));
      showMessage(r.data?.uploadDocument.message ?? '', true);
      setFile(null);
      onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4} data-testid="requested-document">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Text>{request.name}</Text>
          {request.instructions ? (
            <Text size="xs" c="dimmed">
              {request.instructions}
            </Text>
          ) : null}
          {latest?.expiry ? (
            <Text size="xs" c="dimmed">
              {t('expiresOn', { date: formatDay(latest.expiry) })}
            </Text>
          ) : null}
          {latest?.note ? (
            <Text size="xs" c="dimmed">
              {latest.note}
            </Text>
          ) : null}
        </div>
        <DocumentStatus status={status} />
      </Group>
      {mayUpload ? (
        <Group align="flex-end" wrap="wrap" gap="xs">
          <FileInput
            label={t('file')}
            placeholder={t('chooseFile')}
            accept="application/pdf,image/jpeg,image/png,image/webp"
            value={file}
            onChange={setFile}
            error={error}
            style={{ flex: '1 1 12rem' }}
            data-testid="document-file"
          />
          <TextInput type="date" label={t('expiry')} value={expiry} onChange={(e) => setExpiry(e.currentTarget.value)} style={{ flex: '0 1 10rem' }} />
          <Button onClick={send} loading={busy} disabled={!file} data-testid="document-upload">
            {t('upload')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
