import { Alert, Anchor, Button, Card, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { roleAtLeast } from '@kv/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { formatDateTime, formatDay } from '../../../lib/format';
import { showMessage } from '../../../lib/notices';
import { useViewer } from '../../../lib/shell-context';
import { ApproveMutation, RejectMutation, SingleQuery } from '../api/documents.graphql';
import { DocumentStatus } from '../components';

type Answer = {
  id: string;
  student_id: string | null;
  student_name: string | null;
  user_id: string | null;
  status: string;
  date: string | null;
  expiry: string | null;
  note: string | null;
  created_at: string;
  file: { id: string; original_name: string; url: string | null } | null;
};

const PAGE = 25;

/** /document/:documentId (and its manage_entries and details children): a request's answers, reviewed by managers, and its log. */
export function DocumentPage() {
  const { t } = useTranslation('documents');
  const { documentId = '' } = useParams();
  const viewer = useViewer();
  const manager = roleAtLeast(viewer.role, 'manager');
  const [{ data, error }, refetch] = useQuery({ query: SingleQuery, variables: { id: documentId }, requestPolicy: 'cache-and-network' });
  const [, approve] = useMutation(ApproveMutation);
  const [, reject] = useMutation(RejectMutation);
  const [page, setPage] = useState(0);
  const [approving, setApproving] = useState<Answer | null>(null);
  const [rejecting, setRejecting] = useState<Answer | null>(null);
  const [date, setDate] = useState('');
  const [note, setNote] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const doc = data?.getSingleDocument;
  const answers: Answer[] = doc?.documents ?? [];
  const shown = answers.slice(page * PAGE, page * PAGE + PAGE);

  const done = (r: { error?: { graphQLErrors: { message: string }[] }; data?: unknown }, message: string | undefined) => {
    if (r.error) {
      setFieldError(r.error.graphQLErrors[0]?.message ?? t('failed'));
      return false;
    }
    showMessage(message ?? '', true);
    setFieldError(null);
    refetch({ requestPolicy: 'network-only' });
    return true;
  };

  if (error) return <Alert color="gray">{t('notFound')}</Alert>;
  return (
    <Stack gap="md" data-testid="document-page">
      <Title order={1} size="h2">
        {doc?.name ?? t('title')}
      </Title>
      {doc?.instructions ? <Text>{doc.instructions}</Text> : null}
      {doc ? (
        <Group gap="xs">
          <DocumentStatus status="pending" /> <Text size="sm">{doc.pending}</Text>
          <DocumentStatus status="approved" /> <Text size="sm">{doc.approved}</Text>
          <DocumentStatus status="rejected" /> <Text size="sm">{doc.rejected}</Text>
          <DocumentStatus status="expired" /> <Text size="sm">{doc.expired}</Text>
        </Group>
      ) : null}
      <Card withBorder p={0}>
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={t('answers')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{doc?.type === 'staff' ? t('staffMember') : t('child')}</Table.Th>
                <Table.Th>{t('statusLabel')}</Table.Th>
                <Table.Th>{t('file')}</Table.Th>
                <Table.Th>{t('date')}</Table.Th>
                <Table.Th>{t('expiry')}</Table.Th>
                {manager ? <Table.Th>{t('review')}</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data && !answers.length ? (
                <Table.Tr>
                  <Table.Td colSpan={manager ? 6 : 5} ta="center" c="dimmed">
                    {t('shell:table.empty')}
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {shown.map((a) => (
                <Table.Tr key={a.id} data-testid="document-answer">
                  <Table.Td>{a.student_name ?? formatDateTime(a.created_at)}</Table.Td>
                  <Table.Td>
                    <DocumentStatus status={a.status} />
                    {a.note ? (
                      <Text size="xs" c="dimmed">
                        {a.note}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {a.file?.url ? (
                      <Anchor href={a.file.url} target="_blank" rel="noreferrer">
                        {a.file.original_name}
                      </Anchor>
                    ) : (
                      (a.file?.original_name ?? '')
                    )}
                  </Table.Td>
                  <Table.Td>{formatDay(a.date)}</Table.Td>
                  <Table.Td>{formatDay(a.expiry)}</Table.Td>
                  {manager ? (
                    <Table.Td>
                      {a.status === 'pending' ? (
                        <Group gap="xs" wrap="nowrap">
                          <Button size="xs" color="success" onClick={() => (setApproving(a), setDate(''), setFieldError(null))} data-testid="document-approve">
                            {t('approve')}
                          </Button>
                          <Button size="xs" variant="light" color="danger" onClick={() => (setRejecting(a), setNote(''), setFieldError(null))} data-testid="document-reject">
                            {t('reject')}
                          </Button>
                        </Group>
                      ) : null}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      {answers.length > PAGE ? (
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('previous')}
          </Button>
          <Text size="sm">
            {page + 1} / {Math.ceil(answers.length / PAGE)}
          </Text>
          <Button size="xs" variant="default" disabled={(page + 1) * PAGE >= answers.length} onClick={() => setPage(page + 1)}>
            {t('next')}
          </Button>
        </Group>
      ) : null}
      {manager && doc?.logs.length ? (
        <Card withBorder>
          <Text fw={600} mb="xs">
            {t('logs')}
          </Text>
          {doc.logs.slice(0, 20).map((l: { id: string; activity: string; username: string | null; created_at: string }) => (
            <Text size="sm" key={l.id}>
              {formatDateTime(l.created_at)} · {l.username ?? ''} · {t(`activity.${l.activity}`, { defaultValue: l.activity })}
            </Text>
          ))}
        </Card>
      ) : null}
      <Modal opened={Boolean(approving)} onClose={() => setApproving(null)} title={t('approve')}>
        <Stack>
          <TextInput type="date" label={t('approvalDate')} value={date} onChange={(e) => setDate(e.currentTarget.value)} error={fieldError} data-testid="approve-date" />
          <Button
            color="success"
            data-testid="approve-save"
            onClick={async () => {
              const r = await approve({ id: approving!.id, date: date || null });
              if (done(r, r.data?.approveDocument.message)) setApproving(null);
            }}
          >
            {t('approve')}
          </Button>
        </Stack>
      </Modal>
      <Modal opened={Boolean(rejecting)} onClose={() => setRejecting(null)} title={t('reject')}>
        <Stack>
          <TextInput label={t('note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} error={fieldError} required data-testid="reject-note" />
          <Button
            color="danger"
            disabled={!note.trim()}
            onClick={async () => {
              const r = await reject({ id: rejecting!.id, note });
              if (done(r, r.data?.rejectDocument.message)) setRejecting(null);
            }}
          >
            {t('reject')}
          </Button>
        </Stack>
      </Modal>
    </Stack>
  );
}
