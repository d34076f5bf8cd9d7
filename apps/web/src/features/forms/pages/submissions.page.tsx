import { Button, Group, Modal, Select, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { DataTable } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../lib/format';
import { showMessage } from '../../../lib/notices';
import { FormApproveMutation, FormEntriesQuery, FormListQuery, FormRejectMutation, FormRequestChangeMutation, FormSubmissionQuery } from '../api/forms.graphql';
import { StatusBadge } from '../components/status-badge';
import { SubmissionDetail, type SubmissionData } from '../components/submission-detail';
import { StatusFilter } from './builder.page';

/** /submissions: every web-form entry in reach, by form and status; open one to approve, reject or ask for a change. */
export function SubmissionsPage() {
  const { t } = useTranslation('forms');
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useState<string | null>(null);
  const [form, setForm] = useState<string | null>(null);
  const [paging, setPaging] = useState({ page: 1, first: 25 });
  const [{ data, fetching }, refetch] = useQuery({ query: FormEntriesQuery, variables: { form_id: form, status, ...paging } });
  const [forms] = useQuery({ query: FormListQuery, variables: { type: 'web', page: 1, first: 100 } });
  const open = params.get('entry');
  const close = () => setParams({});
  return (
    <Stack gap="md" data-testid="submissions-page">
      <Title order={1} size="h2">
        {t('submissions')}
      </Title>
      <DataTable<SubmissionData>
        label={t('submissions')}
        rows={data?.getWebFormEntries.data ?? []}
        loading={fetching}
        rowKey={(r) => r.id}
        server={{ paginatorInfo: data?.getWebFormEntries.paginatorInfo ?? null, onPage: setPaging }}
        toolbar={
          <Group>
            <Select
              placeholder={t('allForms')}
              aria-label={t('form')}
              data={(forms.data?.getForms.data ?? []).map((f: { id: string; name: string }) => ({ value: f.id, label: f.name }))}
              value={form}
              onChange={setForm}
              clearable
              data-testid="form-filter"
              maw={260}
            />
            <StatusFilter value={status} onChange={setStatus} />
          </Group>
        }
        columns={[
          { key: 'form_name', header: t('form') },
          { key: 'student', header: t('child'), render: (r) => `${r.student.fname} ${r.student.lname}` },
          { key: 'submitted_at', header: t('submittedAt'), render: (r) => formatDateTime(r.submitted_at) },
          { key: 'status', header: t('statusLabel'), render: (r) => <StatusBadge status={r.status} /> },
          {
            key: 'open',
            header: '',
            render: (r) => (
              <Button size="xs" variant="light" onClick={() => setParams({ entry: r.id })} data-testid="submission-open">
                {t('review.open')}
              </Button>
            ),
          },
        ]}
      />
      <Modal opened={Boolean(open)} onClose={close} title={t('review.title')} size="lg">
        {open ? <Review id={open} done={() => (close(), refetch({ requestPolicy: 'network-only' }))} /> : null}
      </Modal>
    </Stack>
  );
}

export function Review({ id, done }: { id: string; done(): void }) {
  const { t } = useTranslation('forms');
  const [{ data }] = useQuery({ query: FormSubmissionQuery, variables: { id }, requestPolicy: 'network-only' });
  const [, approve] = useMutation(FormApproveMutation);
  const [, reject] = useMutation(FormRejectMutation);
  const [, change] = useMutation(FormRequestChangeMutation);
  const [mode, setMode] = useState<'none' | 'reject' | 'change'>('none');
  const [note, setNote] = useState('');
  const [date, setDate] = useState('');
  const [notes, setNotes] = useState('');
  const s: SubmissionData | undefined = data?.getSingleSubmissionDetail;
  if (!s) return null;
  const report = (r: { error?: { graphQLErrors: { message: string }[] }; data?: Record<string, { message: string }> }) => {
    if (r.error) return showMessage(r.error.graphQLErrors[0]?.message ?? t('failed'), false);
    showMessage(Object.values(r.data ?? {})[0]?.message ?? '', true);
    done();
  };
  const reviewable = s.status === 'submitted' || s.status === 'resubmitted';
  return (
    <Stack>
      <SubmissionDetail s={s} />
      {reviewable && mode === 'none' ? (
        <Group>
          <Button color="green" onClick={async () => report(await approve({ id }))} data-testid="review-approve">
            {t('review.approve')}
          </Button>
          <Button color="orange" variant="light" onClick={() => setMode('change')} data-testid="review-change">
            {t('review.change')}
          </Button>
          <Button color="danger" variant="light" onClick={() => setMode('reject')} data-testid="review-reject">
            {t('review.reject')}
          </Button>
        </Group>
      ) : null}
      {mode === 'reject' ? (
        <Stack>
          <Textarea label={t('review.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} required data-testid="reject-note" />
          <Button color="danger" onClick={async () => report(await reject({ id, note }))} disabled={!note.trim()} data-testid="reject-save">
            {t('review.reject')}
          </Button>
        </Stack>
      ) : null}
      {mode === 'change' ? (
        <Stack>
          <Textarea label={t('change.what')} value={note} onChange={(e) => setNote(e.currentTarget.value)} required data-testid="change-what" />
          <TextInput type="date" label={t('change.date')} value={date} onChange={(e) => setDate(e.currentTarget.value)} data-testid="change-date" maw={220} />
          <Textarea label={t('change.notes')} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} data-testid="change-notes" />
          <Button color="orange" onClick={async () => report(await change({ id, change: note, change_date: date || null, notes: notes || null }))} disabled={!note.trim()} data-testid="change-save">
            {t('review.change')}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
